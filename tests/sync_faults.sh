#!/usr/bin/env bash
# Sync over real SSH when things go wrong (issue 32): Debian's OpenSSH server on 127.0.0.1
# at a free port with a throwaway key (tests/sshd.sh), homes here standing for machines,
# the other side's home named by --remote-command. One CASE a run:
#
#   cannot    the remote has no attn-course, an older one, a record of a newer schema, a
#             read-only or a full home (tmpfs mounts: needs root), or ssh would ask for a
#             password (the default ssh in a pseudo-terminal, a key sshd does not know):
#             one line each, exit 2, the record here byte for byte as it was.
#   hostile   the remote sends a record over the import bounds (its size, a note), a
#             flood on stdout or on stderr, escape sequences (in notes, slugs, its error
#             line, its stderr), or stalls: each bounded in time and memory, nothing
#             unsanitised on the terminal, the record here as it was (or, for a record
#             that is only odd, merged with its escapes kept as data).
#   reader    a reader is open on the remote home during a sync: its next save merges,
#             never overwrites.
#   together  two and three syncs at once among three homes, both directions of one pair
#             among them: nothing lost, then one more pass and all three are one record.
#
#   tests/sync_faults.sh BINARY CASE
#
# Prints one `CASE NAME: ...` line per check with its figures (seconds, peak KiB of the
# local attn-course, attempts, lost). Exit 0: passed. Exit 77: skipped (the reason is
# printed): a tool or root is missing. Anything else: failed. `tests/it/sync_faults.rs`
# runs each case under `cargo test`.
set -euo pipefail

BIN=$(realpath "$1")
CASE=$2
COURSE=$(realpath "$(dirname "$0")/fixtures/course")
SEED=${SYNC_FAULTS_SEED:-$$}
RANDOM=$SEED

for tool in /usr/sbin/sshd ssh ssh-keygen python3 /usr/bin/time script tmux; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIP: $tool is not installed (apt-get install openssh-server openssh-client tmux time bsdutils)"
    exit 77
  fi
done

T=$(mktemp -d /tmp/attn-sync-faults.XXXXXX)
SSHD_PID=
MOUNTS=()
cleanup() {
  tmux -S "$T/tmux" kill-server 2>/dev/null || true
  if [ -n "$SSHD_PID" ]; then kill "$SSHD_PID" 2>/dev/null || true; fi
  for pid in $(pgrep -f -- "--home $T/" || true); do kill -9 "$pid" 2>/dev/null || true; done
  for m in "${MOUNTS[@]}"; do umount "$m" 2>/dev/null || true; done
  rm -rf "$T"
}
trap cleanup EXIT

fail() {
  echo "FAIL ($CASE, seed $SEED): $*" >&2
  echo "--- sshd log:" >&2
  tail -n 20 "$T/sshd.log" >&2 || true
  exit 1
}

# shellcheck source=tests/sshd.sh
source "$(dirname "$0")/sshd.sh"
SSHD_PASSWORDS=yes start_sshd
SSH_LINE="${SSH[*]}"

# The peak an import of a record at the size cap may reach (tests/it/store_memory.rs):
# what the other side sends is bounded as an import is.
PEAK_LIMIT_KIB=$((400 << 10))

N=0
answer() { # answer HOME: a wrong answer with an input never used before
  N=$((N + 1))
  local input=$((1000 + N))
  "$BIN" --home "$T/$1" --course "$COURSE" answer 1.1 "$input" >/dev/null 2>&1 && fail "answer $input was right"
  echo "$1 $input" >>"$T/made"
}
inputs() { sed -n 's/^input = "\([0-9]*\)"$/\1/p' "$T/$1/progress.toml" | sort -u; }
# How many of the inputs listed in file $2 the record of home $1 lacks.
lacks() { comm -23 "$2" <(inputs "$1") | wc -l; }

# Runs `attn-course --home T/here sync 127.0.0.1 ARGS...` over the test's ssh, timed, the
# local process's peak memory kept: sets OUT (stdout and stderr), CODE, SECS and KIB.
sync_here() {
  local started=$EPOCHREALTIME
  set +e
  /usr/bin/time -f %M -o "$T/rss" "$BIN" --home "$T/here" --course "$COURSE" sync 127.0.0.1 \
    --ssh "$SSH_LINE" "$@" >"$T/out" 2>&1 </dev/null
  CODE=$?
  set -e
  SECS=$(python3 -c "print(f'{$EPOCHREALTIME - $started:.2f}')")
  KIB=$(tail -n 1 "$T/rss")
  OUT=$(cat "$T/out")
}

# refused NAME SAYS ARGS...: the sync must exit 2 with one line holding SAYS, print no
# escape character, and leave the record here byte for byte as it was.
refused() {
  local name=$1 says=$2
  shift 2
  cp "$T/here/progress.toml" "$T/before"
  sync_here "$@"
  [ "$CODE" = 2 ] || fail "$name: exit $CODE, not 2: $OUT"
  [ "$(printf '%s\n' "$OUT" | wc -l)" = 1 ] || fail "$name: not one line: $OUT"
  [[ $OUT == *"$says"* ]] || fail "$name: the line does not say '$says': $OUT"
  [[ $OUT != *$'\e'* && $OUT != *$'\a'* ]] || fail "$name: an escape reached the terminal: $OUT"
  cmp -s "$T/before" "$T/here/progress.toml" || fail "$name: the record here changed"
  [ "$KIB" -lt "$PEAK_LIMIT_KIB" ] || fail "$name: peaked at $KIB KiB"
  echo "$CASE $name: exit 2 in ${SECS} s, peak ${KIB} KiB: $OUT"
}

# An executable script in T (a stand-in remote attn-course), printed as its path.
script_file() {
  printf '#!/bin/sh\n%s\n' "$2" >"$T/$1"
  chmod +x "$T/$1"
  echo "$T/$1"
}

# A tmpfs of SIZE at T/NAME (a remote home on a small disk), holding a copy of T/lab.
tmpfs_home() {
  mkdir -p "$T/$1"
  if ! mount -t tmpfs -o "size=$2" tmpfs "$T/$1" 2>"$T/mount.err"; then
    echo "SKIP: cannot mount a small filesystem for the home (root without CAP_SYS_ADMIN?): $(cat "$T/mount.err")"
    exit 77
  fi
  MOUNTS+=("$T/$1")
  cp "$T/lab/progress.toml" "$T/$1/"
}

# Here and the lab: one learner (one seed), an answer each that the other lacks.
answer here
mkdir -p "$T/lab" && cp "$T/here/progress.toml" "$T/lab/"
answer lab
answer here

case $CASE in
cannot)
  [ "$(id -u)" = 0 ] || { echo "SKIP: this case mounts small filesystems: run it as root"; exit 77; }
  refused "no attn-course" "127.0.0.1 has no \`/nowhere/attn-course\` to run" \
    --remote-command /nowhere/attn-course
  old=$(script_file old "echo \"error: unrecognized subcommand 'sync-serve'\" >&2; exit 2")
  refused "an older attn-course" "too old to sync" --remote-command "$old"
  sed 's/^schema = 1$/schema = 2/' "$T/lab/progress.toml" >"$T/newer.toml"
  mkdir -p "$T/newer" && cp "$T/newer.toml" "$T/newer/progress.toml"
  refused "a newer record schema" "the record there is from a newer attn-course (schema 2)" \
    --remote-command "$BIN --home $T/newer"
  cmp -s "$T/newer.toml" "$T/newer/progress.toml" || fail "the newer record there changed"
  tmpfs_home readonly 1m
  mount -o remount,ro "$T/readonly"
  refused "a read-only home" "Read-only file system" --remote-command "$BIN --home $T/readonly"
  cmp -s "$T/lab/progress.toml" "$T/readonly/progress.toml" || fail "the read-only record changed"
  tmpfs_home full 64k
  dd if=/dev/zero of="$T/full/filler" bs=4k 2>/dev/null || true
  refused "a full home" "No space left on device" --remote-command "$BIN --home $T/full"
  cmp -s "$T/lab/progress.toml" "$T/full/progress.toml" || fail "the full home's record changed"
  left=$(find "$T/full" -name '.attn-course-*' -o -name '*.tmp' | wc -l)
  [ "$left" = 0 ] || fail "the full home kept temporary files: $(ls -a "$T/full")"
  # The default ssh (no --ssh), found first on PATH, offers a key sshd does not know;
  # sshd would take a password, and the sync runs in a pseudo-terminal where ssh could
  # prompt for one. It must not: BatchMode, and no terminal on ssh's stdin.
  ssh-keygen -q -t ed25519 -N '' -f "$T/stranger_key"
  mkdir -p "$T/bin"
  cat >"$T/ssh_config" <<CONFIG
Host 127.0.0.1
  Port $PORT
  IdentityFile $T/stranger_key
  IdentitiesOnly yes
  StrictHostKeyChecking no
  UserKnownHostsFile $T/known_hosts
  LogLevel ERROR
CONFIG
  printf '#!/bin/sh\nexec %s -F %s "$@"\n' "$(command -v ssh)" "$T/ssh_config" >"$T/bin/ssh"
  chmod +x "$T/bin/ssh"
  cp "$T/here/progress.toml" "$T/before"
  started=$EPOCHREALTIME
  set +e
  PATH="$T/bin:$PATH" script -qec "$BIN --home $T/here sync 127.0.0.1 --remote-command '$BIN --home $T/lab' --timeout 5" \
    "$T/typescript" </dev/null >/dev/null 2>&1
  CODE=$?
  set -e
  secs=$(python3 -c "print(f'{$EPOCHREALTIME - $started:.2f}')")
  said=$(tr -d '\r' <"$T/typescript")
  [ "$CODE" = 2 ] || fail "a password prompt: exit $CODE, not 2: $said"
  [[ $said != *"password:"* ]] || fail "ssh asked for a password: $said"
  [[ $said == *"ssh to 127.0.0.1 failed: "*"Permission denied"* ]] || fail "a password prompt: $said"
  cmp -s "$T/before" "$T/here/progress.toml" || fail "a password prompt: the record here changed"
  echo "$CASE a password prompt: exit 2 in $secs s, no prompt: $(tail -n 1 <<<"$said")"
  ;;
hostile)
  # Each stand-in remote speaks a real hello first, then misbehaves.
  hello="echo 'attn-course-sync 1 0.1.0 1'"
  big=$(script_file big "$hello; echo 'record 99999999999'; exec sleep 60")
  refused "a record over the size bound" "a record of 99999999999 bytes, over the" \
    --remote-command "$big"
  python3 - "$T/lab/progress.toml" "$T/long.toml" <<'PY'
import sys
text = open(sys.argv[1]).read().replace("# end of progress record\n", "")
open(sys.argv[2], "w").write(text + '[[notes]]\nlesson = "blocks"\ntext = "%s"\n# end of progress record\n' % ("x" * 70000))
PY
  long=$(script_file long "$hello; echo \"record \$(wc -c <$T/long.toml)\"; cat $T/long.toml; exec sleep 60")
  refused "a note over the text bound" "the record from 127.0.0.1" --remote-command "$long"
  flood=$(script_file flood "exec yes")
  refused "a flood on stdout" "not an attn-course sync hello" --remote-command "$flood"
  zeros=$(script_file zeros "$hello; exec cat /dev/zero")
  refused "a flood after the hello" "a line longer than 1024 bytes" --remote-command "$zeros"
  # A flood framed as a record at the size bound: 16 MiB read and parsed, refused.
  inside=$(script_file inside "$hello; echo 'record 16777216'; exec yes 'y = \"\\e[2J\"'")
  refused "a flood inside a record frame" "the record from 127.0.0.1" --remote-command "$inside"
  err=$(script_file err "$hello; yes 'remote noise' | head -c 200000000 >&2; printf '\\033]0;owned\\007\\033[2J evil\\n' >&2; exit 3")
  refused "a flood and escapes on stderr" "evil" --remote-command "$err"
  line=$(script_file line "$hello; printf 'error \\033]0;owned\\007\\033[2J gotcha\\n'")
  refused "escapes in its error line" "gotcha" --remote-command "$line"
  stalled=$(script_file stalled "$hello; exec sleep 60")
  refused "a stalled stream" "timed out: nothing came for 2 s" --remote-command "$stalled" --timeout 2
  trickle=$(script_file trickle "$hello; echo 'record 4000'; while :; do printf x; sleep 0.5; done")
  refused "a trickle" "timed out: the exchange took over 20 s" --remote-command "$trickle" --timeout 1
  # A well-formed record whose notes and lesson slugs hold escape sequences: it is data
  # and merges (escaped in the file), but never reaches the terminal raw.
  python3 - "$T/lab/progress.toml" "$T/escapes.toml" <<'PY'
import sys
text = open(sys.argv[1]).read().replace("# end of progress record\n", "")
text += '[lessons."l\\u001b]0;owned\\u0007"]\nread = 0.5\nblock = 2\nat = 1\n'
text += '[[notes]]\nlesson = "blocks"\nsentence = "s"\ntext = "\\u001b[2J\\u001b]0;owned\\u0007 wiped"\nat = 5\n'
open(sys.argv[2], "w").write(text + "# end of progress record\n")
PY
  mkdir -p "$T/escapes" && cp "$T/escapes.toml" "$T/escapes/progress.toml"
  sync_here --remote-command "$BIN --home $T/escapes"
  [ "$CODE" = 0 ] || fail "a record with escapes: exit $CODE: $OUT"
  shown=$("$BIN" --home "$T/here" --course "$COURSE" progress show 2>&1)
  notes=$("$BIN" --home "$T/here" --course "$COURSE" progress export --notes - 2>&1)
  for said in "$OUT" "$shown" "$notes"; do
    [[ $said != *$'\e'* && $said != *$'\a'* ]] || fail "a record with escapes: an escape reached the terminal: $said"
  done
  grep -q 'wiped' "$T/here/progress.toml" || fail "a record with escapes: the note did not merge"
  echo "$CASE escapes in notes and slugs: merged, sanitised, in ${SECS} s, peak ${KIB} KiB: $OUT"
  ;;
reader)
  tmx() { tmux -S "$T/tmux" -f /dev/null "$@"; }
  screen() { tmx capture-pane -p -t lab; }
  wait_for() { # wait_for TEXT: until the reader's screen shows it and is still a moment
    local last="" now
    for _ in $(seq 1 150); do
      now=$(screen)
      if [[ $now == *"$1"* && $now == "$last" ]]; then return 0; fi
      last=$now
      sleep 0.1
    done
    fail "the reader never showed '$1': $(screen)"
  }
  inputs lab >"$T/lab_had"
  inputs here >"$T/here_had"
  tmx new-session -d -s lab -x 80 -y 24 "LANG=C.UTF-8 $BIN --home $T/lab --course $COURSE"
  wait_for "lesson 1/3"
  sync_here --remote-command "$BIN --home $T/lab"
  [ "$CODE" = 0 ] || fail "the sync with a reader open there: exit $CODE: $OUT"
  # The reader, which read the lab's record before the sync, moves on and quits: its
  # saves merge with what the sync wrote.
  tmx send-keys -t lab Tab j j Enter
  wait_for "lesson 1/3 · 1.2"
  tmx send-keys -t lab q
  for _ in $(seq 1 100); do
    [ -z "$(pgrep -f -- "^$BIN --home $T/lab --course" || true)" ] && break
    sleep 0.1
  done
  [ -z "$(pgrep -f -- "^$BIN --home $T/lab --course" || true)" ] || fail "the reader did not quit"
  cat "$T/lab_had" "$T/here_had" | sort -u >"$T/all"
  lost=$(lacks lab "$T/all")
  [ "$lost" = 0 ] || fail "the reader's save lost $lost answers the sync brought: $(cat "$T/lab/progress.toml")"
  shown=$("$BIN" --home "$T/lab" --course "$COURSE" progress show)
  [[ $shown == *"reading: blocks, block "* ]] || fail "the reader's place was not kept: $shown"
  echo "$CASE a reader open there: synced in ${SECS} s; its save after the sync kept all $(wc -l <"$T/all") attempts and its place; lost=$lost"
  ;;
together)
  homes=(here lab c)
  mkdir -p "$T/c" && cp "$T/lab/progress.toml" "$T/c/"
  answer c
  SYNCS=0
  FAILED=0
  ROUNDS=${SYNC_FAULTS_ROUNDS:-6}
  for round in $(seq 1 "$ROUNDS"); do
    for _ in $(seq 1 $((RANDOM % 3 + 1))); do answer "${homes[$((RANDOM % 3))]}"; done
    for h in "${homes[@]}"; do inputs "$h" >"$T/had_$h"; done
    # One pair syncs both ways at once; in every other round the third home syncs with
    # one of the pair at the same moment too.
    i=$((RANDOM % 3))
    j=$(((i + 1 + RANDOM % 2) % 3))
    k=$((3 - i - j))
    pairs=("$i $j" "$j $i")
    if [ $((round % 2)) = 0 ]; then pairs+=("$k $i"); fi
    pids=()
    for pair in "${pairs[@]}"; do
      read -r x y <<<"$pair"
      "$BIN" --home "$T/${homes[$x]}" --course "$COURSE" sync 127.0.0.1 --ssh "$SSH_LINE" \
        --remote-command "$BIN --home $T/${homes[$y]}" >"$T/sync_$x$y" 2>&1 </dev/null &
      pids+=($!)
    done
    for n in "${!pids[@]}"; do
      SYNCS=$((SYNCS + 1))
      wait "${pids[$n]}" || { FAILED=$((FAILED + 1)); echo "round $round: sync ${pairs[$n]} failed: $(cat "$T"/sync_*)" >&2; }
    done
    for h in "${homes[@]}"; do
      lost=$(lacks "$h" "$T/had_$h")
      [ "$lost" = 0 ] || fail "round $round: $h lost $lost answers"
    done
  done
  [ "$FAILED" = 0 ] || fail "$FAILED of $SYNCS syncs at once failed"
  for pair in "here lab" "lab c" "here lab"; do
    read -r x y <<<"$pair"
    "$BIN" --home "$T/$x" --course "$COURSE" sync 127.0.0.1 --ssh "$SSH_LINE" \
      --remote-command "$BIN --home $T/$y" >/dev/null 2>&1 </dev/null || fail "the last sync $x with $y failed"
  done
  cmp -s "$T/here/progress.toml" "$T/lab/progress.toml" || fail "here and lab differ at the end"
  cmp -s "$T/lab/progress.toml" "$T/c/progress.toml" || fail "lab and c differ at the end"
  cut -d' ' -f2 "$T/made" | sort -u >"$T/all"
  lost=$(lacks here "$T/all")
  [ "$lost" = 0 ] || fail "$lost answers lost at the end"
  left=$(find "$T/here" "$T/lab" "$T/c" -name '.attn-course-*' -o -name 'progress.pending-*' | wc -l)
  [ "$left" = 0 ] || fail "temporary or pending files left"
  echo "$CASE syncs at once: rounds=$ROUNDS syncs=$SYNCS failed=$FAILED attempts=$(wc -l <"$T/all") lost=$lost, one record at the end (seed $SEED)"
  ;;
*)
  fail "no case $CASE"
  ;;
esac
