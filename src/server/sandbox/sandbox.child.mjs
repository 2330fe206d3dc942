// A reader process of the SandboxPool: reads one untrusted file at a time and answers over IPC.
// It may be killed at any moment (time or memory limit); nothing in it is shared with the server.
import { register } from 'tsx/esm/api';

register();
const { runSandboxTask } = await import('./sandbox-tasks.ts');

// The server that started this reader is gone (it stopped, or was killed): stop with it.
process.on('disconnect', () => process.exit(0));

process.on('message', ({ task }) => {
  runSandboxTask(task).then(
    (value) => process.send({ value }),
    (err) => process.send({ error: String(err?.stack ?? err) }),
  );
});
// Loaded: a task's time limit starts now, not while this process was starting.
process.send({ ready: true });
