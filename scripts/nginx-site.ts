// Debian's nginx running deploy/nginx.conf in front of app processes on loopback, TLS off: for
// tests/integration/server/behind-nginx.test.ts and scripts/bench/nginx.bench.ts. The file's TLS lines
// (between its tls begin and end markers) are left out, its upstream lists the given ports, and
// it listens on a free loopback port. Everything lives in a temporary folder.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const NGINX_BINARY = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) =>
  fs.existsSync(file),
);

export interface NginxSite {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** deploy/nginx.conf without its TLS lines, its upstream on `ports`, listening on `listen`. */
function siteConfig(ports: number[], listen: number): string {
  const file = fs.readFileSync("deploy/nginx.conf", "utf8");
  const upstream = ports
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`)
    .join("\n");
  return file
    .replace(/^\s*# tls:begin$[\s\S]*?^\s*# tls:end\n/gm, "")
    .replace(
      /upstream salon_app \{[\s\S]*?keepalive/,
      `upstream salon_app {\n${upstream}\n    keepalive`,
    )
    .replace(
      /^\s+server_name [^;]+;/m,
      `    listen 127.0.0.1:${listen};\n    server_name localhost;`,
    );
}

/** Starts nginx in front of the app processes on `ports`; resolves once it answers /healthz. */
export async function startNginxSite(ports: number[]): Promise<NginxSite> {
  if (!NGINX_BINARY) throw new Error("nginx is not installed (apt-get install nginx).");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salon-nginx-"));
  // nginx's technicians run as an unprivileged user when started as root: let them use the folder.
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const config = `
worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
${siteConfig(ports, port)}
}
`;
  const configFile = path.join(dir, "nginx.conf");
  fs.writeFileSync(configFile, config);
  const child: ChildProcess = spawn(
    NGINX_BINARY,
    ["-p", dir, "-c", configFile, "-g", "daemon off;"],
    {
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill("SIGQUIT");
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`nginx did not start with ${configFile}`);
}
