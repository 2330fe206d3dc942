// The yardstick of `npm run bench:http`: a bare Fastify hello-world in its own process, on the
// port given as the first argument. It prints "listening" once it answers.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2]) });
process.stdout.write('listening\n');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
