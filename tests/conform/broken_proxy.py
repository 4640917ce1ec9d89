"""What the broken engines share: `wolves engine` (the program $WOLVES, else
`wolves` on the PATH) behind a proxy that passes each request line to it and
its response back, so that a broken engine is right until it breaks."""

import json
import os
import subprocess
import sys


def requests():
    """(line, request object or None) for each line of standard input."""
    for line in sys.stdin:
        try:
            req = json.loads(line)
        except ValueError:
            req = None
        yield line, req if isinstance(req, dict) else None


class Engine:
    def __init__(self):
        self.proc = subprocess.Popen([os.environ.get("WOLVES", "wolves"), "engine"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def ask(self, line):
        """The reference engine's response line to a request line."""
        self.proc.stdin.write(line if line.endswith("\n") else line + "\n")
        self.proc.stdin.flush()
        return self.proc.stdout.readline()


def say(text):
    sys.stdout.write(text if text.endswith("\n") else text + "\n")
    sys.stdout.flush()
