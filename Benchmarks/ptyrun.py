"""What the benchmark scripts share: a program in a pseudo-terminal, fed by a pipe when asked.

    from ptyrun import start, stop
    pid, fd = start(["togglekit", "explore"], pipe_from="names.txt")   # cat names.txt | togglekit explore
    ...                                                                  # read fd, write keys to it
    stop(pid, fd, b"q")
"""
import fcntl
import os
import pty
import struct
import termios
import time


def start(argv, pipe_from=None, rows=40, columns=100):
    """Starts `argv` in a `columns`x`rows` pseudo-terminal, its standard input `cat pipe_from`
    through a pipe when given: its pid and the terminal's descriptor."""
    pid, fd = pty.fork()
    if pid == 0:
        try:
            if pipe_from is not None:
                reader, writer = os.pipe()
                if os.fork() == 0:
                    os.close(reader)
                    os.dup2(writer, 1)
                    os.execv("/bin/cat", ["cat", pipe_from])
                os.close(writer)
                os.dup2(reader, 0)
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    return pid, fd


def stop(pid, fd, key):
    """Types `key` (the program's quit key), then ends the program if it has not ended."""
    os.write(fd, key)
    time.sleep(0.2)
    try:
        os.kill(pid, 9)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)
