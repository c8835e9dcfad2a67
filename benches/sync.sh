#!/usr/bin/env bash
# What a sync adds to ssh's own connection time (issue 32; limit: under 0.5 s for a 1 MB
# record over localhost). Starts Debian's OpenSSH server on 127.0.0.1 with a throwaway key
# (tests/sshd.sh), gives two homes the same learner's record of about 1 MB, and then,
# interleaved so that a busy machine slows both alike, times RUNS of `ssh 127.0.0.1 true`
# and RUNS of `attn-course sync 127.0.0.1` (one new answer here before each, so that the
# other side merges and writes). Prints both medians, the difference and the ratio.
#
#   benches/sync.sh BINARY [RUNS]     (`cargo bench --bench sync` runs it on the release build)
set -euo pipefail

BIN=$(realpath "$1")
RUNS=${2:-15}
COURSE=$(realpath "$(dirname "$0")/../tests/fixtures/course")
for tool in /usr/sbin/sshd ssh ssh-keygen python3; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed (apt-get install openssh-server openssh-client)" >&2; exit 1; }
done

T=$(mktemp -d /tmp/attn-sync-bench.XXXXXX)
SSHD_PID=
cleanup() {
  if [ -n "$SSHD_PID" ]; then kill "$SSHD_PID" 2>/dev/null || true; fi
  if [ -z "${KEEP:-}" ]; then rm -rf "$T"; else echo "kept $T" >&2; fi
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# shellcheck source=tests/sshd.sh
source "$(dirname "$0")/../tests/sshd.sh"
start_sshd

# A record of about 1 MB: one answer made by the binary (so the format is its own), then
# copies of that attempt with other times and inputs, on both homes.
"$BIN" --home "$T/here" --course "$COURSE" answer 1.1 7 >/dev/null 2>&1 || true
python3 - "$T/here/progress.toml" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
block = re.search(r"\n(\[\[lessons\.blocks\.problems\.two-token-weights\.attempts\]\]\n.*?\n)\n", text, re.S).group(1)
at = int(re.search(r"^at = (\d+)$", block, re.M).group(1))
more = []
size = len(text)
n = 0
while size < 1 << 20:
    n += 1
    one = re.sub(r"^at = \d+$", f"at = {at - 10 * n}", block, flags=re.M)
    one = re.sub(r'^input = ".*"$', f'input = "{100000 + n}"', one, flags=re.M)
    more.append("\n" + one)
    size += len(one) + 1
end = "# end of progress record\n"
head, _, _ = text.rpartition(end)
open(path, "w").write(head.rstrip("\n") + "\n" + "".join(more) + "\n" + end)
PY
mkdir -p "$T/lab" && cp "$T/here/progress.toml" "$T/lab/"
"$BIN" --home "$T/here" progress show >/dev/null 2>"$T/err" || fail "the 1 MB record does not read: $(cat "$T/err")"
[ ! -s "$T/err" ] || fail "the 1 MB record does not read: $(cat "$T/err")"
BYTES=$(wc -c <"$T/here/progress.toml")

SSH_LINE="${SSH[*]}" BIN="$BIN" T="$T" COURSE="$COURSE" RUNS="$RUNS" BYTES="$BYTES" python3 - <<'PY'
import os, shlex, statistics, subprocess, time
env = os.environ
ssh = shlex.split(env["SSH_LINE"])
bin, t, course, runs = env["BIN"], env["T"], env["COURSE"], int(env["RUNS"])
sync = [bin, "--home", f"{t}/here", "--course", course, "sync", "127.0.0.1",
        "--ssh", env["SSH_LINE"], "--remote-command", f"{bin} --home {t}/lab"]
import resource
def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime
cpus = {"bare": [], "sync": []}
def timed(cmd, kind):
    start, used = time.perf_counter(), cpu()
    out = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    took = time.perf_counter() - start
    cpus[kind].append(cpu() - used)
    if out.returncode != 0:
        raise SystemExit(f"FAIL: {cmd[0]} exited {out.returncode}: {out.stderr.strip()}")
    return took, out.stdout.strip()
bare, synced = [], []
for i in range(runs):
    subprocess.run([bin, "--home", f"{t}/here", "--course", course, "answer", "1.1", str(900000 + i)],
                   capture_output=True)
    bare.append(timed(ssh + ["-T", "127.0.0.1", "true"], "bare")[0])
    took, said = timed(sync, "sync")
    if "to 127.0.0.1: 1 attempt" not in said:
        raise SystemExit(f"FAIL: the sync did not move the new answer: {said}")
    synced.append(took)
b, s = statistics.median(bare), statistics.median(synced)
print(f"record: {int(env['BYTES']) / 1e6:.2f} MB each side, {runs} runs interleaved, medians")
cb, cs = statistics.median(cpus["bare"]), statistics.median(cpus["sync"])
load = os.getloadavg()[0]
print(f"  (CPU of this side, its ssh client included: {cb:.3f} s and {cs:.3f} s; load average {load:.1f} on {os.cpu_count()} cores)")
print(f"  ssh 127.0.0.1 true        {b:7.3f} s")
print(f"  attn-course sync          {s:7.3f} s")
print(f"  added by the sync         {s - b:7.3f} s  ({s / b:.2f}x ssh alone; limit 0.5 s: {'ok' if s - b < 0.5 else 'OVER'})")
PY
