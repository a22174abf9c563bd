#!/usr/bin/env python3
"""Use fonsters-rpc from Python (standard library only): start the server, save a creature as
hello.png, print its description. The server is $FONSTERS_RPC, else fonsters-rpc on the PATH."""
import base64, itertools, json, os, subprocess

server = subprocess.Popen([os.environ.get("FONSTERS_RPC", "fonsters-rpc"), "--stdio", "--memory", "--no-starter"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
ids = itertools.count(1)

def call(method, params=None):
    """Sends one request (newline-delimited JSON) and returns its result, skipping notifications."""
    request = {"jsonrpc": "2.0", "id": next(ids), "method": method, "params": params or {}}
    server.stdin.write(json.dumps(request) + "\n"); server.stdin.flush()
    while "id" not in (reply := json.loads(server.stdout.readline())): pass
    if "error" in reply: raise RuntimeError(reply["error"]["message"])
    return reply["result"]

info = call("initialize", {"clientInfo": {"name": "python example"}})["serverInfo"]
print(f"{info['name']} {info['version']}")
bob = call("fonsters/create", {"name": "Bob", "seed": "hello"})
image = call("creature/render", {"id": bob["id"], "format": "png", "size": 64})
with open("hello.png", "wb") as f: f.write(base64.b64decode(image["dataUri"].split(",", 1)[1]))
print(f"{bob['displayName']}: {image['alt']} ({image['bytes']} bytes in hello.png)")
call("shutdown"); server.stdin.write('{"jsonrpc":"2.0","method":"exit"}\n'); server.stdin.close(); server.wait()
