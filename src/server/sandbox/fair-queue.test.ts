import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue';

const drain = <T>(q: FairQueue<T>) => {
  const out: T[] = [];
  let item: T | undefined;
  while ((item = q.shift()) !== undefined) out.push(item);
  return out;
};

describe('FairQueue', () => {
  it('gives every owner a turn instead of serving the first owner’s backlog first', () => {
    const q = new FairQueue<string>();
    for (let i = 1; i <= 4; i++) q.push('batch', 'big-class', `big${i}`);
    q.push('batch', 'small-class', 'small1');
    q.push('batch', 'small-class', 'small2');
    expect(drain(q)).toEqual(['big1', 'small1', 'big2', 'small2', 'big3', 'big4']);
  });

  it('serves waiting uploads before grading work', () => {
    const q = new FairQueue<string>();
    q.push('batch', 'run', 'answer1');
    q.push('interactive', 'user:a', 'upload-a');
    q.push('batch', 'run', 'answer2');
    q.push('interactive', 'user:b', 'upload-b');
    expect(drain(q)).toEqual(['upload-a', 'upload-b', 'answer1', 'answer2']);
  });

  it('serves answers read on arrival only when no upload or grading work waits', () => {
    const q = new FairQueue<string>();
    q.push('background', 'arrivals', 'scan1');
    q.push('batch', 'run', 'answer1');
    q.push('background', 'arrivals', 'scan2');
    q.push('interactive', 'user:a', 'upload-a');
    expect(drain(q)).toEqual(['upload-a', 'answer1', 'scan1', 'scan2']);
  });

  it('takes an owner’s waiting items out, leaving the others', () => {
    const q = new FairQueue<string>();
    q.push('batch', 'a', 'a1');
    q.push('batch', 'b', 'b1');
    q.push('batch', 'a', 'a2');
    expect(q.removeOwner('a')).toEqual(['a1', 'a2']);
    expect(q.size).toBe(1);
    expect(drain(q)).toEqual(['b1']);
  });
});
