#!/usr/bin/env bash
# Sync over real SSH (issue 32): three homes a, b and c stand for three machines; every
# sync goes through Debian's OpenSSH server on 127.0.0.1 at a free port with a throwaway
# key (the other side's home named by --remote-command). Answers are recorded on random
# homes, then random pairs sync in a random order, most of them killed at a random moment
# (the local attn-course, the ssh client or the remote sync-serve, with SIGKILL). After
# every kill each record must still parse and hold every answer it had; after a last round
# of syncs without kills all three records must be the same bytes, holding every answer.
#
#   tests/sync_e2e.sh BINARY [ROUNDS]
#
# Prints `kills=K attempts=N lost=L seed=S` (RANDOM's seed, to replay a failure with
# SYNC_E2E_SEED=S). Exit 0: passed. Exit 77: skipped (the reason is printed): sshd or ssh
# is not installed. Anything else: failed. `tests/it/sync_e2e.rs` runs it under `cargo test`.
set -euo pipefail

BIN=$(realpath "$1")
ROUNDS=${2:-12}
COURSE=$(realpath "$(dirname "$0")/fixtures/course")
SSHD=/usr/sbin/sshd
SEED=${SYNC_E2E_SEED:-$$}
RANDOM=$SEED

for tool in "$SSHD" ssh ssh-keygen python3; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIP: $tool is not installed (apt-get install openssh-server openssh-client)"
    exit 77
  fi
done

T=$(mktemp -d /tmp/attn-sync-e2e.XXXXXX)
SSHD_PID=
cleanup() {
  if [ -n "$SSHD_PID" ]; then kill "$SSHD_PID" 2>/dev/null || true; fi
  for pid in $(pgrep -f -- "--home $T/" || true); do kill -9 "$pid" 2>/dev/null || true; done
  rm -rf "$T"
}
trap cleanup EXIT

fail() {
  echo "FAIL (seed $SEED): $*" >&2
  echo "--- sshd log:" >&2
  tail -n 20 "$T/sshd.log" >&2 || true
  exit 1
}

# shellcheck source=tests/sshd.sh
source "$(dirname "$0")/sshd.sh"
start_sshd
SSH_LINE="${SSH[*]}"

# The answers each home has recorded (completed actions), as "home input" lines.
: >"$T/made"
N=0
answer() { # answer HOME: a wrong answer with an input never used before
  N=$((N + 1))
  local input=$((1000 + N))
  set +e
  "$BIN" --home "$T/$1" --course "$COURSE" answer 1.1 "$input" >/dev/null 2>"$T/answer.err"
  local code=$?
  set -e
  [ "$code" = 1 ] || fail "answer on $1 exited $code: $(cat "$T/answer.err")"
  echo "$1 $input" >>"$T/made"
}
record() { "$BIN" --home "$T/$1" progress export - 2>/dev/null; }
# Every answer made on or synced to HOME must be in its record; prints how many are not.
lost_in() {
  local home=$1 text missing=0
  text=$(record "$home") || fail "the record on $home does not read: $("$BIN" --home "$T/$home" progress show 2>&1 | tail -n 1)"
  while read -r input; do
    [[ $text == *"input = \"$input\""* ]] || missing=$((missing + 1))
  done <"$T/has_$home"
  echo "$missing"
}
# What HOME holds now, as input numbers (refreshed after each completed step).
note_has() { record "$1" | sed -n 's/^input = "\([0-9]*\)"$/\1/p' | sort -u >"$T/has_$1"; }
sync_cmd() { # sync_cmd LOCAL REMOTE: the command line of a sync over ssh
  echo "$BIN --home $T/$1 --course $COURSE sync 127.0.0.1 --ssh '$SSH_LINE' --remote-command '$BIN --home $T/$2' --timeout 10"
}
sync_now() { # sync_now LOCAL REMOTE: a sync that must succeed
  local out
  out=$(eval "$(sync_cmd "$1" "$2")" 2>&1) || fail "sync $1 with $2 failed: $out"
}

# The first machine answers; the two new ones take its seed at their first sync.
answer a
sync_now b a
sync_now c a
for h in a b c; do note_has "$h"; done

KILLS=0
LOST=0
homes=(a b c)
for round in $(seq 1 "$ROUNDS"); do
  for _ in $(seq 1 $((RANDOM % 3 + 1))); do
    h=${homes[$((RANDOM % 3))]}
    answer "$h"
    note_has "$h"
  done
  i=$((RANDOM % 3))
  j=$(((i + 1 + RANDOM % 2) % 3))
  from=${homes[$i]} to=${homes[$j]}
  eval "$(sync_cmd "$from" "$to")" >/dev/null 2>&1 &
  sync_pid=$!
  sleep "0.$((RANDOM % 8))$((RANDOM % 10))"
  case $((RANDOM % 3)) in
    0) victims=$sync_pid ;;                                       # this side
    1) victims=$(pgrep -f -- "^ssh -F /dev/null -p $PORT .*--home $T/$to" || true) ;; # the ssh client
    *) victims=$(pgrep -f -- "^$BIN --home $T/$to sync-serve" || true) ;;             # the other side
  esac
  killed=0
  for pid in $victims; do kill -9 "$pid" 2>/dev/null && killed=1; done
  KILLS=$((KILLS + killed))
  wait "$sync_pid" 2>/dev/null || true
  # The remote side may still be finishing its merge when the local side was killed.
  for _ in $(seq 1 100); do
    [ -z "$(pgrep -f -- "^$BIN --home $T/$to sync-serve" || true)" ] && break
    sleep 0.1
  done
  for h in a b c; do
    lost=$(lost_in "$h")
    [ "$lost" = 0 ] || fail "round $round: $h lost $lost answers (sync $from with $to)"
    note_has "$h"
  done
done

# Without kills: around the three, then once more, and all three are one record.
sync_now a b
sync_now b c
sync_now a b
cmp -s "$T/a/progress.toml" "$T/b/progress.toml" || fail "a and b differ after the last syncs"
cmp -s "$T/b/progress.toml" "$T/c/progress.toml" || fail "b and c differ after the last syncs"
cut -d' ' -f2 "$T/made" | sort -u >"$T/all"
note_has a
missing=$(comm -23 "$T/all" "$T/has_a" | wc -l)
LOST=$((LOST + missing))
[ "$LOST" = 0 ] || fail "$LOST answers lost: $(comm -23 "$T/all" "$T/has_a" | tr '\n' ' ')"
[ "$(wc -l <"$T/all")" = "$N" ] || fail "the test made $N answers but recorded $(wc -l <"$T/all")"
[ "$KILLS" -gt 0 ] || fail "no sync was killed: the test checked nothing about kills"
leftovers=$(find "$T/a" "$T/b" "$T/c" -name '.attn-course-*' -o -name 'progress.pending-*' | wc -l)
[ "$leftovers" = 0 ] || fail "temporary or pending files left: $(find "$T/a" "$T/b" "$T/c" -name '.attn-course-*' -o -name 'progress.pending-*')"
echo "ok: kills=$KILLS attempts=$N lost=$LOST seed=$SEED rounds=$ROUNDS"
