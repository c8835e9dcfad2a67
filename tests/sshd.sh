# Sourced by the SSH end-to-end tests (tests/ssh_e2e.sh, tests/sync_e2e.sh): starts
# Debian's OpenSSH server on 127.0.0.1 at a free port with a host key and an authorized
# key made here, and waits until it accepts the key. Needs $T (the test's temporary
# folder) and a `fail` function; sets SSHD_PID (for the test's cleanup), PORT and SSH (the
# client's command line, as an array; `${SSH[*]}` as one string). With SSHD_PASSWORDS=yes
# sshd also takes passwords (a client without the key would be asked for one).
start_sshd() {
  ssh-keygen -q -t ed25519 -N '' -f "$T/host_key"
  ssh-keygen -q -t ed25519 -N '' -f "$T/client_key"
  cp "$T/client_key.pub" "$T/authorized_keys"
  PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  cat >"$T/sshd_config" <<CONFIG
ListenAddress 127.0.0.1
Port $PORT
HostKey $T/host_key
AuthorizedKeysFile $T/authorized_keys
PidFile $T/sshd.pid
StrictModes no
UsePAM no
PubkeyAuthentication yes
PasswordAuthentication ${SSHD_PASSWORDS:-no}
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
PrintMotd no
PrintLastLog no
CONFIG
  # Root's sshd needs its privilege-separation folder (made by the service, not the package).
  if [ "$(id -u)" = 0 ]; then mkdir -p /run/sshd; fi
  /usr/sbin/sshd -D -e -f "$T/sshd_config" 2>"$T/sshd.log" &
  SSHD_PID=$!
  SSH=(ssh -F /dev/null -p "$PORT" -i "$T/client_key" -o IdentitiesOnly=yes
    -o BatchMode=yes -o StrictHostKeyChecking=no -o "UserKnownHostsFile=$T/known_hosts"
    -o LogLevel=ERROR -o ConnectTimeout=5)
  # Wait until sshd answers (a connection that runs `true`).
  local _
  for _ in $(seq 1 150); do
    if "${SSH[@]}" -T 127.0.0.1 true </dev/null 2>/dev/null; then return 0; fi
    kill -0 "$SSHD_PID" 2>/dev/null || fail "sshd exited at start"
    sleep 0.1
  done
  "${SSH[@]}" -T 127.0.0.1 true </dev/null 2>/dev/null || fail "sshd never accepted the key"
}
