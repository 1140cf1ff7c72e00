// Preloaded into a server under test (node --import): every listen goes to 127.0.0.1 on an ephemeral port, announced on stderr.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const cb = typeof args.at(-1) === 'function' ? args.pop() : undefined;
  this.once('listening', () => process.stderr.write(`LISTENING ${this.address().port}\n`));
  return listen.call(this, { port: 0, host: '127.0.0.1' }, cb);
};
