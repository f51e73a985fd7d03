import { request } from 'node:http';

/**
 * Asks 127.0.0.1:`port` to upgrade `path` to a websocket, writes `ping` on the upgraded socket and
 * answers the upgrade's status and the first data that comes back (what an echoing upstream said);
 * fails when the server answers without upgrading.
 */
export const upgradeAndPing = (port: number, path: string) =>
  new Promise<{ status: number | undefined; echoed: string }>((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.once('data', (data: Buffer) => {
        resolve({ status: res.statusCode, echoed: data.toString() });
        socket.destroy();
      });
      socket.write('ping');
    });
    req.on('response', (res) => reject(new Error(`no upgrade: ${String(res.statusCode)}`)));
    req.on('error', reject);
    req.end();
  });
