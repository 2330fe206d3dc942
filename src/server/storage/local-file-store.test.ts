import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileNotInStore } from './file-store';
import { LocalFileStore } from './local-file-store';

describe('LocalFileStore', () => {
  let root: string;
  let store: LocalFileStore;
  const temp = (content: string) => {
    const p = path.join(root, `..${path.basename(root)}-${Math.random()}`);
    fs.writeFileSync(p, content);
    return p;
  };
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-store-'));
    store = new LocalFileStore(path.join(root, 'files'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('moves a file in, streams it back, lists it and deletes it', async () => {
    const local = temp('hello');
    await store.putFile('answer/abc-123', local);
    expect(fs.existsSync(local)).toBe(false);
    expect(await store.exists('answer/abc-123')).toBe(true);
    const chunks: Buffer[] = [];
    for await (const c of await store.get('answer/abc-123')) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    const listed = [];
    for await (const o of store.list()) listed.push(o.key);
    expect(listed).toEqual(['answer/abc-123']);
    await store.delete('answer/abc-123');
    await store.delete('answer/abc-123');
    expect(await store.exists('answer/abc-123')).toBe(false);
    await expect(store.get('answer/abc-123')).rejects.toBeInstanceOf(FileNotInStore);
  });

  it.each(['../escape', 'a/../../b', '/abs', 'UPPER', 'a//b', 'a/b.pdf', ''])(
    'refuses the key %j',
    async (key) => {
      await expect(store.exists(key)).rejects.toThrow(/invalid storage key/);
      await expect(store.putFile(key, temp('x'))).rejects.toThrow(/invalid storage key/);
    },
  );

  it('lists nothing when the folder does not exist yet', async () => {
    const listed = [];
    for await (const o of store.list()) listed.push(o);
    expect(listed).toEqual([]);
  });
});
