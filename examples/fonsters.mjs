#!/usr/bin/env node
// Use fonsters-rpc from Node (no dependencies): start the server, save a creature as hello.png,
// print its description. The server is $FONSTERS_RPC, else fonsters-rpc on the PATH.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { writeFileSync } from "node:fs";

const server = spawn(process.env.FONSTERS_RPC || "fonsters-rpc", ["--stdio", "--memory", "--no-starter"],
                     { stdio: ["pipe", "pipe", "inherit"] });
const waiting = new Map();
let nextId = 1;
// One JSON message per line; answers find their request by id, notifications are skipped.
createInterface({ input: server.stdout }).on("line", (line) => {
  const reply = JSON.parse(line);
  const pending = waiting.get(reply.id);
  if (!pending || reply.method) return;
  waiting.delete(reply.id);
  if (reply.error) pending.reject(new Error(reply.error.message)); else pending.resolve(reply.result);
});
const call = (method, params = {}) => new Promise((resolve, reject) => {
  const id = nextId++;
  waiting.set(id, { resolve, reject });
  server.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
});

const { serverInfo } = await call("initialize", { clientInfo: { name: "node example" } });
console.log(`${serverInfo.name} ${serverInfo.version}`);
const bob = await call("fonsters/create", { name: "Bob", seed: "hello" });
const image = await call("creature/render", { id: bob.id, format: "png", size: 64 });
writeFileSync("hello.png", Buffer.from(image.dataUri.split(",")[1], "base64"));
console.log(`${bob.displayName}: ${image.alt} (${image.bytes} bytes in hello.png)`);
await call("shutdown");
server.stdin.end(JSON.stringify({ jsonrpc: "2.0", method: "exit" }) + "\n");
