// A reader process of the SandboxPool: reads one untrusted file at a time and answers over IPC.
// It may be killed at any moment (time or memory limit); nothing in it is shared with the server.
import { loadSource } from '../../bundled.mjs';

const { runSandboxTask, needsEngine, loadEngine, warmReader } = await loadSource(
  'src/server/sandbox/sandbox-tasks.ts',
);
warmReader();

// The server that started this reader is gone (it stopped, or was killed): stop with it.
process.on('disconnect', () => process.exit(0));

process.on('message', async ({ task }) => {
  // The engine's modules load on the first task that needs them; the pool holds the task's time
  // limit meanwhile, as it does while the reader starts.
  if (needsEngine(task)) {
    process.send({ loading: true });
    await loadEngine();
    process.send({ ready: true });
  }
  runSandboxTask(task).then(
    (value) => process.send({ value }),
    (err) => process.send({ error: String(err?.stack ?? err) }),
  );
});
// Loaded: a task's time limit starts now, not while this process was starting.
process.send({ ready: true });
