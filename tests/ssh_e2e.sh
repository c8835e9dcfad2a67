#!/usr/bin/env bash
# The reader over a real SSH connection (issue 8): start Debian's OpenSSH server on
# 127.0.0.1 at a free port with a host key and an authorized key made here, connect with
# `ssh -tt` inside tmux, read and answer a problem, kill the connection, check that the
# remote reader exits (no orphan), reconnect and check the learner is back at the same
# place with the answer kept.
#
#   tests/ssh_e2e.sh BINARY
#
# Exit 0: passed. Exit 77: skipped (the reason is printed): sshd, ssh or tmux is not
# installed. Anything else: failed. `tests/it/ssh_e2e.rs` runs it under `cargo test`.
set -euo pipefail

BIN=$(realpath "$1")
COURSE=$(realpath "$(dirname "$0")/fixtures/course")
SSHD=/usr/sbin/sshd
PATIENCE=15 # seconds for any one thing to show up

for tool in "$SSHD" ssh ssh-keygen tmux python3; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIP: $tool is not installed (apt-get install openssh-server openssh-client tmux)"
    exit 77
  fi
done

export LANG=C.UTF-8
T=$(mktemp -d /tmp/attn-ssh-e2e.XXXXXX)
SSHD_PID=
cleanup() {
  tmux -S "$T/tmux" kill-server 2>/dev/null || true
  if [ -n "$SSHD_PID" ]; then kill "$SSHD_PID" 2>/dev/null || true; fi
  # A reader still running here is the orphan this test exists to catch: end it.
  for pid in $(pgrep -f -- "^$BIN --home $T/home" || true); do kill -9 "$pid" 2>/dev/null || true; done
  rm -rf "$T"
}
trap cleanup EXIT

fail() {
  echo "FAIL: $*" >&2
  echo "--- screen:" >&2
  screen >&2 || true
  echo "--- sshd log:" >&2
  cat "$T/sshd.log" >&2 || true
  exit 1
}

# shellcheck source=tests/sshd.sh
source "$(dirname "$0")/sshd.sh"
start_sshd

# The remote command: the reader on the fixture course, progress in the temp folder.
REMOTE="LANG=C.UTF-8 $BIN --home $T/home --course $COURSE"

tmx() { tmux -S "$T/tmux" -f /dev/null "$@"; }
screen() { tmx capture-pane -p -t learner; }
keys() { tmx send-keys -t learner "$@"; }
# Waits until the screen shows $1 and has not changed for a moment.
wait_for() {
  local last="" now
  for _ in $(seq 1 $((PATIENCE * 10))); do
    now=$(screen)
    if [[ $now == *"$1"* && $now == "$last" ]]; then return 0; fi
    last=$now
    sleep 0.1
  done
  fail "never saw '$1'"
}
# Waits until the screen no longer shows $1.
wait_gone() {
  for _ in $(seq 1 $((PATIENCE * 10))); do
    [[ $(screen) != *"$1"* ]] && return 0
    sleep 0.1
  done
  fail "'$1' stayed on the screen"
}
connect() {
  tmx new-session -d -s learner -x 80 -y 24 "${SSH[*]} -tt 127.0.0.1 '$REMOTE'"
}
# The remote reader's own process (not the ssh client, whose command line names it too).
readers() { pgrep -f -- "^$BIN --home $T/home" || true; }

# First connection: answer problem 1.1 right (worked out in the scratchpad with the
# learner's own numbers), then go on reading at section 1.2.
connect
wait_for "lesson 1/3"
keys p
wait_for "problem 1.1"
# The card names no symbol: the learner types the score it shows.
score=$(screen | sed -n 's/.*scores \[\([0-9]*\), 0\].*/\1/p' | head -n 1)
[[ -n $score ]] || fail "problem 1.1's score is not on the screen: $(screen)"
keys :
wait_for "scratchpad"
keys -l "softmax([$score, 0])[0]"
keys Enter
wait_for "› softmax([$score, 0])[0]"
keys Tab
wait_for "answer 1.1: 0."
keys Enter
wait_for "Right: "
keys Escape
wait_gone "Esc closes"
keys Tab j j Enter
wait_for "lesson 1/3 · 1.2"
# Tab showed the contents (at 80 columns they are hidden by default): hide them again, so
# that the reconnected reader, which opens without them, shows the same screen.
keys t
wait_gone "1.1 Lists and tables"
before=$(screen | head -n 23)

# Drop the connection as a network does: the client dies without a word.
client=$(tmx list-panes -t learner -F '#{pane_pid}')
kill -9 "$client"
for _ in $(seq 1 $((PATIENCE * 10))); do
  [ -z "$(readers)" ] && break
  sleep 0.1
done
[ -z "$(readers)" ] || fail "the remote reader kept running after the connection dropped"
tmx kill-server 2>/dev/null || true

# Second connection: the same place, the answer kept.
connect
wait_for "lesson 1/3 · 1.2"
after=$(screen | head -n 23)
if [ "$before" != "$after" ]; then
  diff <(echo "$before") <(echo "$after") >&2 || true
  fail "the reconnected reader is not at the same place"
fi
keys q
for _ in $(seq 1 $((PATIENCE * 10))); do
  [ -z "$(readers)" ] && break
  sleep 0.1
done
[ -z "$(readers)" ] || fail "the reader did not exit on q"

shown=$("$BIN" --home "$T/home" --course "$COURSE" progress show)
[[ $shown == *"1.1 two-token-weights  solved, 1 attempt"* ]] || fail "answer not kept: $shown"
[[ $shown == *"reading: blocks, block "* ]] || fail "place not kept: $shown"
echo "ok: read, answered, dropped, reconnected at the same place with the answer kept"
