#!/usr/bin/env bash
# frr_lab.sh SNAPSHOT OUTDIR [--tool FRR_LAB] [--settle S] [--timeout S] [--id NAME]
#
# Runs the routers of an FRR snapshot (configs/*.conf in integrated syntax + topology.json) as
# real FRR 8.4 daemons, one network namespace per router, veth pairs per link, waits until the
# routing state has settled and dumps, per router, into OUTDIR/<router>/:
#   route.json (show ip route json), route6.json (show ipv6 route json), bgp.json (show ip bgp
#   json), bgp6.json (show bgp ipv6 unicast json), ospf-route.json, bgp-summary.json,
#   ospf-neighbor.json, ospf-external.json (the AS-external LSAs), running.conf, vtysh.log
#   (output of the config push).
# Namespaces, daemons and state are torn down on every exit (trap), and leftovers of an earlier
# crashed run with the same id are removed first. Needs root and FRR (/usr/lib/frr, vtysh).
# Exit: 0 lab ran and was dumped; 1 a config line was rejected, no convergence, or the host's
# routing table changed; 2 usage.
set -euo pipefail

usage() { echo "usage: $0 SNAPSHOT OUTDIR [--tool FRR_LAB] [--settle S] [--timeout S] [--id NAME]" >&2; exit 2; }
(($# >= 2)) || usage
snapshot=$(realpath "$1"); outdir=$2; shift 2
tool=${FRR_LAB_TOOL:-frr_lab}
settle=5        # seconds without any change in routes, sessions or OSPF neighbours
session_grace=15  # s during which nothing BGP shows counts as settled
long_settle=60  # ... when something is still transient (a broadcast OSPF interface waits 40 s)
timeout=180
id=$(basename "$snapshot")
while (($#)); do
  case $1 in
    --tool) tool=$2; shift 2 ;;
    --settle) settle=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --id) id=$2; shift 2 ;;
    *) usage ;;
  esac
done
id=$(tr -c 'a-zA-Z0-9\n-' '-' <<<"$id")
frr_dir=${FRR_DIR:-/usr/lib/frr}
daemons=(zebra staticd ospfd ospf6d bgpd)
state_root=/run/routefix-lab
state=$state_root/$id
ns_prefix=rfl-$id-

log() { echo "[frr_lab $id +${SECONDS}s] $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# Routes FRR would install on the host if a daemon ever escaped its namespace.
host_routes() { ip -4 route show table all | grep -E ' proto (bgp|ospf|static|zebra)( |$)' | sort || true; }

our_namespaces() { ip netns list | awk '{print $1}' | grep "^${ns_prefix}" || true; }

# Kills by PID only: the pid files of this lab id, then whatever still runs inside its
# namespaces (those exist only for this lab).
teardown() {
  local pids=() p ns pid
  if [ -d "$state" ]; then
    for p in "$state"/*/*.pid; do
      [ -f "$p" ] || continue
      pid=$(cat "$p" 2>/dev/null || true)
      [[ $pid =~ ^[0-9]+$ ]] || continue
      # Guard against a recycled pid: only FRR binaries.
      [[ $(readlink "/proc/$pid/exe" 2>/dev/null) == "$frr_dir"/* ]] && pids+=("$pid")
    done
  fi
  # Whatever still runs inside our namespaces: one pass over /proc (ip netns pids per
  # namespace rescans /proc every time).
  local inodes=() match=()
  mapfile -t inodes < <(our_namespaces | sed "s|^|/run/netns/|" | xargs -r stat -L -c %i 2>/dev/null)
  for i in "${inodes[@]}"; do match+=(-o -lname "net:\\[$i\\]"); done
  if ((${#match[@]})); then
    for p in $(find /proc -mindepth 3 -maxdepth 3 -path '/proc/[0-9]*/ns/net' \( "${match[@]:1}" \) \
                 -printf '%h\n' 2>/dev/null | cut -d/ -f3); do
      pids+=("$p")
    done
  fi
  # SIGKILL at once: the namespaces, and the routes zebra put in them, go away below; a
  # graceful stop would only cost time.
  ((${#pids[@]} == 0)) || kill -KILL "${pids[@]}" 2>/dev/null || true
  [ -z "${FRR_LAB_VERBOSE:-}" ] || log "daemons stopped"
  for ns in $(our_namespaces); do ip netns del "$ns" 2>/dev/null || log "cannot delete namespace $ns"; done
  rm -rf "$state"
  [ -z "${FRR_LAB_VERBOSE:-}" ] || log "torn down"
}

[ "$(id -u)" -eq 0 ] || die "needs root (network namespaces)"
for d in "${daemons[@]}"; do [ -x "$frr_dir/$d" ] || die "FRR daemon $frr_dir/$d missing"; done
command -v vtysh >/dev/null || die "vtysh missing"

mkdir -p "$state_root"
exec 9>"$state_root/$id.lock"
flock -w 900 9 || die "another lab with id $id holds $state_root/$id.lock"

teardown  # leftovers of a crashed earlier run
host_before=$(host_routes)
on_exit() {
  local rc=$?
  teardown
  local host_after; host_after=$(host_routes)
  if [ "$host_before" != "$host_after" ]; then
    log "ERROR: the host's routing table changed during the lab:"
    diff <(echo "$host_before") <(echo "$host_after") >&2 || true
    rc=1
  fi
  exit $rc
}
trap on_exit EXIT
trap 'exit 130' INT TERM

plan=$("$tool" plan "$snapshot") || die "cannot plan the lab for $snapshot"
routers=()
declare -A config_of daemons_of vrfs_of ns_of_if
while read -r kind a b c d; do
  case $kind in
    router) routers+=("$a"); config_of[$a]=$b; daemons_of[$a]=$c ;;
    vrf) vrfs_of[$a]+="$b " ;;
    ifvrf) ns_of_if["$a $b"]=$ns_prefix$a--$c ;;
  esac
done <<<"$plan"
# The namespace an interface lives in: its router's, or (a VRF interface) its VRF's. The
# kernel may have no VRF devices: FRR runs each VRF as a network namespace (zebra -n).
ns_of() { echo "${ns_of_if["$1 $2"]:-$ns_prefix$1}"; }
((${#routers[@]})) || die "no routers in $snapshot/configs"
# Conditional advertisement acts on bgpd's periodic scan (`bgp conditional-advertisement
# timer N`, 60 s unless set): a quiet spell shorter than a router's period can end in a scan
# that still changes routes. Settle for at least two of the longest period of a router with
# an advertise-map, plus 2 s: one period was not enough (bgp-conditional-advertisement, timer
# 5: r4 withdrew 7 to 8 s after its condition's route had gone, 1 run in 2 dumped before).
for r in "${routers[@]}"; do
  grep -q ' advertise-map ' "${config_of[$r]}" || continue
  period=$(awk '$1 == "bgp" && $2 == "conditional-advertisement" && $3 == "timer" {p = $4} END {print p ? p : 60}' "${config_of[$r]}")
  ((2 * period + 2 <= settle)) || settle=$((2 * period + 2))
done
((long_settle >= settle)) || long_settle=$settle
mkdir -p "$state" "$outdir"
chown frr:frr "$state" 2>/dev/null || true

# 1. Namespaces and links. One `ip -batch` for all of it: each ip process costs more than its
#    work.
links_up=()
sink=${ns_prefix}-sink stubs=0
batch=$state/setup.ip
{
  echo "netns add $sink"
  for r in "${routers[@]}"; do
    echo "netns add $ns_prefix$r"
    for v in ${vrfs_of[$r]:-}; do echo "netns add $ns_prefix$r--$v"; done
  done
  while read -r kind a b c d; do
    case $kind in
      link)
        echo "link add $b netns $(ns_of "$a" "$b") type veth peer name $d netns $(ns_of "$c" "$d")"
        links_up+=("$(ns_of "$a" "$b") $b" "$(ns_of "$c" "$d") $d") ;;
      stub)
        # A stub LAN: a veth whose far end sits in a sink namespace (no dummy module in every
        # container kernel).
        ((++stubs))
        echo "link add $b netns $(ns_of "$a" "$b") type veth peer name s$stubs netns $sink"
        links_up+=("$(ns_of "$a" "$b") $b") ;;
    esac
  done <<<"$plan"
} >"$batch"
ip -batch "$batch"
# No IPv6 duplicate address detection: an address is usable at once, as a router's long-lived
# addresses are. With it, an IPv6 address stays tentative for a second after the link comes
# up, and an IPv4 session established in that second makes bgpd send IPv4-mapped IPv6 next
# hops (::ffff:a.b.c.d) for good: it takes its IPv6 next hop when the session comes up.
for r in "${routers[@]}"; do
  for ns in "$ns_prefix$r" $(for v in ${vrfs_of[$r]:-}; do echo "$ns_prefix$r--$v"; done); do
    ip netns exec "$ns" sh -c 'ip link set lo up && echo 1 >/proc/sys/net/ipv4/ip_forward &&
      { [ ! -e /proc/sys/net/ipv6/conf/all/forwarding ] || echo 1 >/proc/sys/net/ipv6/conf/all/forwarding; } &&
      for f in /proc/sys/net/ipv6/conf/*/accept_dad; do [ ! -e "$f" ] || echo 0 >"$f"; done'
  done
done
for ((i = 1; i <= stubs; i++)); do echo "link set s$i up"; done >"$state/sink.ip"
ip -n "$sink" -batch "$state/sink.ip"
# Links up before any daemon starts: zebra installs a route through a veth whose far end is
# still down as a kernel nexthop, the kernel refuses it ("Carrier for nexthop device is down")
# and zebra never retries, so a static route came up "failed" and unredistributed in about half
# the runs of ospf-stub-nssa when the links went up after the configs.
for l in "${links_up[@]}"; do
  read -r ns ifname <<<"$l"
  ip -n "$ns" link set "$ifname" up
done

[ -z "${FRR_LAB_VERBOSE:-}" ] || log "namespaces and links created"

# 2. Daemons, each with a config holding only its hostname (vtysh -f does not pass it on) and
#    its own vty socket directory, pid file and zebra socket. Routers start in parallel.
start_router() {
  local r=$1 dir=$state/$1 d mine
  IFS=, read -ra mine <<<"${daemons_of[$r]}"
  mkdir -p "$dir"
  printf 'hostname %s\n' "$r" >"$dir/hostname.conf"
  chown -R frr:frr "$dir"
  # VRFs: zebra -n takes every namespace under /run/netns as a VRF of that name, so each daemon
  # sees a private /run/netns (inside its `ip netns exec` mount namespace) holding only this
  # router's VRF namespaces under their VRF names.
  local vrfs=(${vrfs_of[$r]:-}) v launch=()
  if ((${#vrfs[@]})); then
    mkdir -p "$dir/netns"
    printf '%s\n' "${vrfs[@]}" >"$dir/vrfs"
    for v in "${vrfs[@]}"; do touch "$dir/netns/$v"; done
    launch=(sh -c 'dir=$1 prefix=$2; shift 2
      for f in "$dir"/*; do mount --bind "/run/netns/$prefix$(basename "$f")" "$f" || exit 1; done
      mount --rbind "$dir" /run/netns && exec "$@"' sh "$dir/netns" "$ns_prefix$r--")
  fi
  for d in "${mine[@]}"; do
    local netns_vrfs=()
    [ "$d" = zebra ] && ((${#vrfs[@]})) && netns_vrfs=(-n)
    # 9>&-: a daemon must not inherit the lab lock, or a crashed run's leftovers would hold it.
    ip netns exec "$ns_prefix$r" "${launch[@]}" "$frr_dir/$d" "${netns_vrfs[@]}" -d -f "$dir/hostname.conf" \
      --vty_socket "$dir" -i "$dir/$d.pid" -z "$dir/zserv.api" -P 0 --log "file:$dir/$d.log" \
      2>>"$dir/$d.log" 9>&- ||
      { log "ERROR: $d did not start on $r (see $dir/$d.log)"; return 1; }
    if [ "$d" = zebra ]; then
      for _ in $(seq 50); do [ -S "$dir/zserv.api" ] && break; sleep 0.1; done
    fi
  done
  for d in "${mine[@]}"; do
    for _ in $(seq 50); do [ -S "$dir/$d.vty" ] && break; sleep 0.1; done
    [ -S "$dir/$d.vty" ] || { log "ERROR: $d on $r opened no vty socket"; return 1; }
  done
}
starters=()
for r in "${routers[@]}"; do start_router "$r" & starters+=($!); done
for p in "${starters[@]}"; do wait "$p" || die "daemons did not start"; done

[ -z "${FRR_LAB_VERBOSE:-}" ] || log "daemons started"

# 3. Configs through vtysh -f (splits the integrated config per daemon), all routers at once.
#    Any rejected line fails the lab: a scenario FRR does not accept verbatim proves nothing.
push_config() {
  local r=$1 rc=0
  vtysh --vty_socket "$state/$r" -f "${config_of[$r]}" >"$outdir/$r/vtysh.log" 2>&1 || rc=$?
  if ((rc != 0)) || grep -q '%' "$outdir/$r/vtysh.log"; then
    log "ERROR: FRR rejected lines of ${config_of[$r]} (vtysh -f exit $rc):"
    sed 's/^/    /' "$outdir/$r/vtysh.log" >&2
    return 1
  fi
}
pushers=()
for r in "${routers[@]}"; do mkdir -p "$outdir/$r"; push_config "$r" & pushers+=($!); done
rejected=0
for p in "${pushers[@]}"; do wait "$p" || rejected=1; done
((rejected == 0)) || exit 1
log "${#routers[@]} routers configured, links up; waiting for convergence"

# 4. Settle: the fingerprint of every router's routes, BGP sessions and OSPF neighbours must
#    stay unchanged for $settle s (or $long_settle s while something is still transient).
#    For the first $session_grace s a router running bgpd is transient whatever it shows: FRR
#    8.4's bgpd holds a freshly configured router's peers ("config-pending hold", ~4 s after its
#    configuration ends), and a quiet spell inside that hold (sessions not listed yet, or
#    Established with nothing exchanged yet) ended the wait 5 s in, before r1's prefixes
#    reached r2 (bgp6-prefix-list-typo at load 10-16: 3 failures in 3 runs of one session,
#    1 in 36 labs of another). After it, a session not up is a state like
#    any other (some never come up).
bgp_speakers=0
for r in "${routers[@]}"; do [[ ",${daemons_of[$r]}," == *,bgpd,* ]] && bgp_speakers=$((bgp_speakers + 1)); done
start=$SECONDS last="" since=$SECONDS
while :; do
  read -r fingerprint transient < <("$tool" poll "$state" "${routers[@]}")
  now=$SECONDS
  ((now - start >= session_grace)) || transient=$((transient + bgp_speakers))
  if [ "$fingerprint" != "$last" ]; then
    last=$fingerprint since=$now
    [ -z "${FRR_LAB_VERBOSE:-}" ] || log "state changed (transient $transient)"
  fi
  quiet=$((now - since))
  if { ((transient == 0)) && ((quiet >= settle)); } || ((quiet >= long_settle)); then break; fi
  ((now - start < timeout)) || die "no convergence within ${timeout}s"
  sleep 0.5
done
log "settled after $((SECONDS - start))s (quiet ${quiet}s, transient $transient)"

# 5. Dump.
"$tool" dump "$state" "$outdir" "${routers[@]}" || die "dump failed"
log "dumped to $outdir"
