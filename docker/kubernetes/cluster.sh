#!/usr/bin/env bash
# A real single-node Kubernetes on this host, built from source, whose pods run on the host's Docker
# engine and use its images as they are (the harness's pods ask imagePullPolicy: IfNotPresent, and the node has
# them; no registry needed).
#
#   cluster.sh build    build the binaries at the pinned versions (cached by version: a no-op when built)
#   cluster.sh start    build if needed, then start etcd, the control plane, the node and metrics-server
#   cluster.sh stop     stop them all and remove what they left on the host (pods, mounts under the state
#                       directory, iptables chains, interfaces, cgroups); the cluster's state (certificates,
#                       etcd) is kept
#   cluster.sh status   each component's process, the API server's readiness, the node's condition
#   cluster.sh reset    stop, then delete the cluster's state (certificates, etcd, logs); binaries stay
#   cluster.sh built    exit 0 when the binaries of the pinned versions are built, 1 when not (prints nothing)
#   cluster.sh kubectl ARGS...
#                       the kubectl built with the cluster (its version; the one on PATH may be older) with
#                       the admin kubeconfig start writes
#   cluster.sh env      prints the export line that puts that kubectl first on PATH and names the kubeconfig:
#                       eval "$(docker/kubernetes/cluster.sh env)"
#
# Every command is idempotent: start on a running cluster checks it and returns, stop on a stopped one
# cleans up and returns.
#
# What runs, as host processes: etcd, kube-apiserver, kube-controller-manager, kube-scheduler,
# cri-dockerd (the runtime shim: pods are Docker containers), kubelet, kube-proxy (iptables) and
# metrics-server (so a HorizontalPodAutoscaler reads its pods' CPU). The Kubernetes binaries come from
# the Go module proxy (a wrapper module requiring k8s.io/kubernetes, its staging modules replaced by
# their published versions), and so do etcd, cri-dockerd and metrics-server; the CNI plugins
# (bridge, host-local, loopback, portmap), conntrack, socat (port forwards) and catatonit (the pause container) are Debian's.
#
# Addresses: the node and the API server are on an interface of the cluster's own (perflab-k8s, a
# bridge without ports holding $NODE_IP (this kernel has no dummy interfaces)); pods get addresses from $POD_CIDR on the bridge perflab-cni0;
# Services' ClusterIPs come from $SERVICE_CIDR (kube-proxy's iptables rules, no interface). Nothing
# listens beyond this host: etcd and the components' own ports are on loopback.
#
# Three patches to cri-dockerd (build_cri_dockerd), for two traits of this kind of host, each checked to
# apply: Debian 12's Docker 20.10 speaks API 1.41 where cri-dockerd v0.4.0 asks 1.42 (what it uses is in
# 1.41); and these VMs lack CAP_SYS_RESOURCE in the bounding set, so runc cannot set a negative
# oom_score_adj: the pause container's (-998) and a Guaranteed pod's (-997) are raised to 0, one patch each.
#
# Environment:
#   PERFLAB_KUBERNETES_HOME  where binaries (bin/<versions>/), Go's caches (go/, about 6 GB) and the
#                            cluster's state (state/) live; default ~/.perflab/kubernetes
#   PERFLAB_KUBERNETES_KUBECONFIG
#                            where start writes the admin kubeconfig; default
#                            $PERFLAB_KUBERNETES_HOME/kubeconfig. The harness's setting of the same name
#                            (-Dperflab.kubernetes.kubeconfig) reads it, and defaults to ~/.perflab/kubernetes/kubeconfig
#   PERFLAB_BUILD_JOBS       parallel Go build jobs; default 1, at nice 19, so the host stays usable. From empty Go
#                            caches on 2 vCPUs: about 26 min with one job; with 2, 10 min 19 s with nothing else
#                            running, 24 min 28 s beside a Maven build (docs/kubernetes.md has the figures)
set -euo pipefail

readonly KUBERNETES_VERSION=v1.34.4
readonly STAGING_VERSION=v0.34.4
readonly ETCD_VERSION=v3.6.4
readonly CRI_DOCKERD_VERSION=v0.4.0
readonly METRICS_SERVER_VERSION=v0.8.0
readonly PAUSE_IMAGE=perflab/pause:catatonit
readonly DEBIAN_PACKAGES=(containernetworking-plugins conntrack catatonit iptables openssl socat)

readonly HOME_DIR="${PERFLAB_KUBERNETES_HOME:-$HOME/.perflab/kubernetes}"
readonly VERSIONS="kubernetes-$KUBERNETES_VERSION.etcd-$ETCD_VERSION.cri-dockerd-$CRI_DOCKERD_VERSION-p1.metrics-server-$METRICS_SERVER_VERSION"
readonly BIN="$HOME_DIR/bin/$VERSIONS"
readonly STATE="$HOME_DIR/state"
readonly PKI="$STATE/pki" LOGS="$STATE/logs" RUN="$STATE/run"
readonly KUBECONFIG_OUT="${PERFLAB_KUBERNETES_KUBECONFIG:-$HOME_DIR/kubeconfig}"
readonly JOBS="${PERFLAB_BUILD_JOBS:-1}"

readonly NODE_NAME=perflab-node
readonly NODE_INTERFACE=perflab-k8s
readonly NODE_IP=10.201.0.1
readonly BRIDGE=perflab-cni0
readonly POD_CIDR=10.244.0.0/24
readonly SERVICE_CIDR=10.96.0.0/16
readonly SERVICE_IP=10.96.0.1
readonly API_PORT=6443
readonly METRICS_SERVER_PORT=4443
readonly CRI_SOCKET="$STATE/run/cri-dockerd.sock"
readonly CNI_BIN=/usr/lib/cni
readonly FORWARD_COMMENT="perflab kubernetes pods"
# Started in this order, stopped in the reverse.
readonly COMPONENTS=(etcd kube-apiserver kube-controller-manager kube-scheduler cri-dockerd kubelet kube-proxy
  metrics-server)

log() { echo "[kubernetes] $*"; }
die() { echo "[kubernetes] ERROR: $*" >&2; exit 1; }

# --- Build -------------------------------------------------------------------------------------

go_env() {
  export GOPATH="$HOME_DIR/go" GOMODCACHE="$HOME_DIR/go/mod" GOCACHE="$HOME_DIR/go/cache" GOFLAGS=-mod=mod
  export GOTOOLCHAIN=auto CGO_ENABLED=0 GOPROXY="${GOPROXY:-https://proxy.golang.org}"
}

# go build at nice 19 with $JOBS jobs: $1 the output, the rest go build's arguments.
go_build() {
  local out="$1"; shift
  nice -n 19 go build -p "$JOBS" -trimpath -o "$out.partial" "$@"
  mv "$out.partial" "$out"
}

# A module whose only purpose is to build programs of other modules: $1 its directory, $2 its go.mod.
wrapper_module() {
  mkdir -p "$1"
  printf '%s\n' "$2" > "$1/go.mod"
  rm -f "$1/go.sum"
}

build_kubernetes() {
  local dir="$HOME_DIR/src/kubernetes" mod staging replaces version_flags
  go mod download -json "k8s.io/kubernetes@$KUBERNETES_VERSION" > "$HOME_DIR/src/kubernetes.json" \
    || die "k8s.io/kubernetes@$KUBERNETES_VERSION is not on the module proxy ($GOPROXY)"
  mod="$(sed -n 's/^\s*"GoMod": "\(.*\)",\?$/\1/p' "$HOME_DIR/src/kubernetes.json")"
  # Its go.mod replaces each staging module by a directory of its own tree; published, each is v0.x.y.
  mapfile -t staging < <(sed -n 's#^\s*\(k8s\.io/[a-z0-9-]*\) => \./staging/src/k8s\.io/.*#\1#p' "$mod")
  [[ ${#staging[@]} -gt 10 ]] || die "no staging modules found in $mod"
  replaces=""
  for module in "${staging[@]}"; do replaces+="replace $module => $module $STAGING_VERSION"$'\n'; done
  wrapper_module "$dir" "module perflab.local/build/kubernetes

go 1.24.0

require k8s.io/kubernetes $KUBERNETES_VERSION
$replaces"
  local programs=(kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy kubectl) packages=()
  for program in "${programs[@]}"; do packages+=("k8s.io/kubernetes/cmd/$program@$KUBERNETES_VERSION"); done
  local minor="${KUBERNETES_VERSION#v1.}"; minor="${minor%%.*}"
  version_flags=""
  for package in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
    version_flags+=" -X $package.gitVersion=$KUBERNETES_VERSION -X $package.gitMajor=1 -X $package.gitMinor=$minor"
    version_flags+=" -X $package.gitTreeState=clean"
  done
  # Each program at the pinned version: without one, go get takes the newest k8s.io/kubernetes.
  (cd "$dir" && go get "${packages[@]}" >/dev/null) \
    || die "go get of the Kubernetes programs failed in $dir"
  for program in "${programs[@]}"; do
    log "building $program $KUBERNETES_VERSION"
    (cd "$dir" && go_build "$BIN/$program" -ldflags "-s -w$version_flags" "k8s.io/kubernetes/cmd/$program")
  done
}

build_etcd() {
  local dir="$HOME_DIR/src/etcd"
  wrapper_module "$dir" "module perflab.local/build/etcd

go 1.24.0

require go.etcd.io/etcd/server/v3 $ETCD_VERSION"
  log "building etcd $ETCD_VERSION"
  (cd "$dir" && go get "go.etcd.io/etcd/server/v3@$ETCD_VERSION" >/dev/null \
    && go_build "$BIN/etcd" -ldflags "-s -w" go.etcd.io/etcd/server/v3)
}

build_metrics_server() {
  local dir="$HOME_DIR/src/metrics-server"
  wrapper_module "$dir" "module perflab.local/build/metrics-server

go 1.24.4

require sigs.k8s.io/metrics-server $METRICS_SERVER_VERSION"
  log "building metrics-server $METRICS_SERVER_VERSION"
  (cd "$dir" && go get "sigs.k8s.io/metrics-server/cmd/metrics-server@$METRICS_SERVER_VERSION" >/dev/null \
    && go_build "$BIN/metrics-server" -ldflags "-s -w" sigs.k8s.io/metrics-server/cmd/metrics-server)
}

# In file $1, text $2 becomes $3 ($4: why); fails when $2 is not there, so a new version is not half patched.
patch_file() {
  local content
  content="$(cat "$1")"
  [[ "$content" == *"$2"* ]] || die "cri-dockerd patch no longer applies ($4): '$2' not in $1"
  printf '%s\n' "${content//"$2"/"$3"}" > "$1"
}

build_cri_dockerd() {
  local dir="$HOME_DIR/src/cri-dockerd" source
  # Its go.mod has replace directives (so no go install) and the module zip's vendor/ is empty:
  # the module's source, copied, patched and built with its own go.mod.
  source="$(go mod download -json "github.com/Mirantis/cri-dockerd@$CRI_DOCKERD_VERSION" \
    | sed -n 's/^\s*"Dir": "\(.*\)",\?$/\1/p')"
  [[ -d "$source" ]] || die "github.com/Mirantis/cri-dockerd@$CRI_DOCKERD_VERSION is not on the module proxy"
  rm -rf "$dir" && cp -r "$source" "$dir" && chmod -R u+w "$dir" && rm -rf "$dir/vendor"
  patch_file "$dir/libdocker/client.go" 'MinimumDockerAPIVersion = "1.42.0"' 'MinimumDockerAPIVersion = "1.41.0"' \
    "Docker 20.10 speaks API 1.41"
  patch_file "$dir/core/sandbox_helpers.go" 'defaultSandboxOOMAdj int = -998' 'defaultSandboxOOMAdj int = 0' \
    "no negative oom_score_adj without CAP_SYS_RESOURCE"
  patch_file "$dir/core/helpers_linux.go" 'HostConfig.OomScoreAdj = int(rOpts.OomScoreAdj)' \
    'HostConfig.OomScoreAdj = max(0, int(rOpts.OomScoreAdj))' "no negative oom_score_adj without CAP_SYS_RESOURCE"
  log "building cri-dockerd $CRI_DOCKERD_VERSION (patched)"
  (cd "$dir" && go_build "$BIN/cri-dockerd" -ldflags "-s -w" .)
}

build() {
  if [[ -f "$BIN/.complete" ]]; then
    log "binaries for $VERSIONS are built ($BIN)"
    return
  fi
  [[ -x /usr/local/go/bin/go ]] && PATH="/usr/local/go/bin:$PATH"
  command -v go >/dev/null || die "go not found on PATH: install Go 1.24 or newer (Debian's golang is too old)"
  go_env
  mkdir -p "$BIN" "$HOME_DIR/src"
  local started=$SECONDS
  log "building $VERSIONS into $BIN with $JOBS job(s) at nice 19 (from empty Go caches on 2 vCPUs: about 26 min with one job; PERFLAB_BUILD_JOBS=2 10 min alone, 24 min beside a Maven build)"
  [[ -x "$BIN/etcd" ]] || build_etcd
  [[ -x "$BIN/cri-dockerd" ]] || build_cri_dockerd
  [[ -x "$BIN/metrics-server" ]] || build_metrics_server
  [[ -x "$BIN/kubectl" ]] || build_kubernetes
  touch "$BIN/.complete"
  log "built in $(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s: $(du -sh "$BIN" | cut -f1)"
}

# --- Host prerequisites ---------------------------------------------------------------------

require_host() {
  [[ $EUID -eq 0 ]] || die "the cluster's processes, interfaces and iptables rules need root"
  docker info >/dev/null 2>&1 || die "no Docker engine answers: start one (dockerd) first"
  local missing=()
  for package in "${DEBIAN_PACKAGES[@]}"; do
    dpkg-query -W -f '${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  if [[ ${#missing[@]} -gt 0 ]]; then
    log "installing Debian's ${missing[*]}"
    NEEDRESTART_SUSPEND=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null \
      || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null; } \
      || die "apt-get install ${missing[*]} failed"
  fi
  [[ "$(docker info --format '{{.CgroupDriver}}')" == cgroupfs ]] \
    || die "Docker's cgroup driver is not cgroupfs; the kubelet here is configured for cgroupfs"
}

# The pause container every pod's network lives in: Debian's catatonit (static) in pause mode.
pause_image() {
  docker image inspect "$PAUSE_IMAGE" >/dev/null 2>&1 && return
  local context="$STATE/pause-image"
  rm -rf "$context" && mkdir -p "$context"
  cp /usr/bin/catatonit "$context/"
  printf '%s\n' "FROM scratch" "COPY catatonit /catatonit" 'ENTRYPOINT ["/catatonit", "-P"]' \
    "LABEL dev.perflab.owner=perflab org.opencontainers.image.title=\"perflab pause\"" > "$context/Dockerfile"
  DOCKER_BUILDKIT=0 docker build --quiet --tag "$PAUSE_IMAGE" "$context" >/dev/null || die "building $PAUSE_IMAGE failed"
  log "built $PAUSE_IMAGE from Debian's catatonit"
}

# --- Certificates -------------------------------------------------------------------------------

# $1 name, $2 subject, $3 extensions (extendedKeyUsage and subjectAltName), signed by $4 (default ca).
certificate() {
  local name="$1" subject="$2" extensions="$3" ca="${4:-ca}" wanted
  wanted="$(printf 'subject=%s\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\n%s' \
    "$subject" "$extensions")"
  # Made again when what it should say changed (a name added), else kept.
  [[ -f "$PKI/$name.crt" && "$(cat "$PKI/$name.ext" 2>/dev/null)" == "$wanted" ]] && return
  openssl req -new -newkey rsa:2048 -nodes -keyout "$PKI/$name.key" -subj "$subject" -out "$PKI/$name.csr" 2>/dev/null
  printf '%s\n' "$wanted" > "$PKI/$name.ext"
  openssl x509 -req -in "$PKI/$name.csr" -CA "$PKI/$ca.crt" -CAkey "$PKI/$ca.key" -CAcreateserial -days 3650 \
    -extfile <(sed 1d "$PKI/$name.ext") -out "$PKI/$name.crt" 2>/dev/null
  rm -f "$PKI/$name.csr"
}

authority() {
  [[ -f "$PKI/$1.crt" ]] && return
  openssl req -x509 -new -newkey rsa:2048 -nodes -keyout "$PKI/$1.key" -subj "/CN=$2" -days 3650 \
    -out "$PKI/$1.crt" 2>/dev/null
}

# A kubeconfig for $1 (a certificate's name) at $2.
kubeconfig() {
  cat > "$2" <<KUBECONFIG
apiVersion: v1
kind: Config
clusters:
- name: perflab
  cluster:
    certificate-authority-data: $(base64 -w0 "$PKI/ca.crt")
    server: https://$NODE_IP:$API_PORT
users:
- name: $1
  user:
    client-certificate-data: $(base64 -w0 "$PKI/$1.crt")
    client-key-data: $(base64 -w0 "$PKI/$1.key")
contexts:
- name: perflab
  context: {cluster: perflab, user: $1}
current-context: perflab
KUBECONFIG
  chmod 600 "$2"
}

certificates() {
  mkdir -p "$PKI"
  chmod 700 "$PKI"
  authority ca kubernetes-ca
  authority front-proxy-ca front-proxy-ca
  local client="extendedKeyUsage=clientAuth" server="extendedKeyUsage=serverAuth"
  certificate apiserver "/CN=kube-apiserver" "$server
subjectAltName=IP:$NODE_IP,IP:$SERVICE_IP,IP:127.0.0.1,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local"
  certificate apiserver-kubelet-client "/O=system:masters/CN=kube-apiserver-kubelet-client" "$client"
  certificate admin "/O=system:masters/CN=perflab-admin" "$client"
  certificate controller-manager "/CN=system:kube-controller-manager" "$client"
  certificate scheduler "/CN=system:kube-scheduler" "$client"
  certificate kube-proxy "/CN=system:kube-proxy" "$client"
  certificate kubelet-client "/O=system:nodes/CN=system:node:$NODE_NAME" "$client"
  certificate kubelet "/CN=$NODE_NAME" "$server
subjectAltName=IP:$NODE_IP,DNS:$NODE_NAME"
  # The aggregator checks the name of the Service it reaches metrics-server by.
  certificate metrics-server "/CN=metrics-server" "$server,clientAuth
subjectAltName=IP:$NODE_IP,DNS:metrics-server.kube-system.svc,DNS:metrics-server.kube-system.svc.cluster.local"
  certificate front-proxy-client "/CN=front-proxy-client" "$client" front-proxy-ca
  [[ -f "$PKI/sa.key" ]] || { openssl genrsa -out "$PKI/sa.key" 2048 2>/dev/null \
    && openssl rsa -in "$PKI/sa.key" -pubout -out "$PKI/sa.pub" 2>/dev/null; }
  kubeconfig admin "$STATE/admin.kubeconfig"
  kubeconfig controller-manager "$STATE/controller-manager.kubeconfig"
  kubeconfig scheduler "$STATE/scheduler.kubeconfig"
  kubeconfig kube-proxy "$STATE/kube-proxy.kubeconfig"
  kubeconfig kubelet-client "$STATE/kubelet.kubeconfig"
}

# --- Processes ----------------------------------------------------------------------------------

pid_of() {
  local pid
  pid="$(cat "$RUN/$1.pid" 2>/dev/null)" || return 1
  local cmdline
  # stderr first: a process gone since its PID was written has no cmdline to open, and that is no error.
  cmdline="$(tr '\0' ' ' 2>/dev/null < "/proc/$pid/cmdline")"
  # Just launched, the process may still be nohup, not yet replaced by the component it starts.
  kill -0 "$pid" 2>/dev/null && [[ "$cmdline" == "$BIN/$1 "* || "$cmdline" == "nohup $BIN/$1 "* ]] && echo "$pid"
}

# Whether the process launch started for $1 still runs, whatever it runs yet: just forked, it is this
# script or nohup until it execs the component.
launched_alive() {
  local pid
  pid="$(cat "$RUN/$1.pid" 2>/dev/null)" && kill -0 "$pid" 2>/dev/null
}

# $1 the component; the rest its arguments. Its log is $LOGS/$1.log; its real PID in $RUN/$1.pid.
launch() {
  local name="$1"; shift
  pid_of "$name" >/dev/null && return
  # The component gets none of this script's descriptors but its log and /dev/null: one it inherited would stay open
  # as long as the cluster runs (a lock taken by `flock <lock> cluster.sh start` held by the cluster itself, a
  # build's pipe that never closes).
  (
    for fd in /proc/$BASHPID/fd/*; do
      fd="${fd##*/}"
      if [[ $fd -gt 2 ]]; then eval "exec $fd>&-"; fi
    done
    exec nohup "$BIN/$name" "$@"
  ) >> "$LOGS/$name.log" 2>&1 < /dev/null &
  echo $! > "$RUN/$name.pid"
}

# Waits up to $1 s for the command after it to succeed; names $2 and its log in the failure.
wait_for() {
  local seconds="$1" name="$2"; shift 2
  for ((i = 0; i < seconds * 2; i++)); do
    "$@" >/dev/null 2>&1 && return
    launched_alive "$name" || die "$name exited; the end of $LOGS/$name.log:
$(tail -n 20 "$LOGS/$name.log")"
    sleep 0.5
  done
  die "$name not ready after $seconds s; the end of $LOGS/$name.log:
$(tail -n 20 "$LOGS/$name.log")"
}

kubectl_admin() {
  "$BIN/kubectl" --kubeconfig "$STATE/admin.kubeconfig" "$@"
}

network() {
  ip link show "$NODE_INTERFACE" >/dev/null 2>&1 || ip link add "$NODE_INTERFACE" type bridge
  ip address show dev "$NODE_INTERFACE" | grep -q "inet $NODE_IP/" \
    || ip address add "$NODE_IP/32" dev "$NODE_INTERFACE"
  ip link set "$NODE_INTERFACE" up
  mkdir -p "$STATE/cni/net.d" "$STATE/cni/cache"
  cat > "$STATE/cni/net.d/10-perflab.conflist" <<CNI
{
  "cniVersion": "1.0.0",
  "name": "perflab",
  "plugins": [
    {"type": "bridge", "bridge": "$BRIDGE", "isGateway": true, "ipMasq": true, "hairpinMode": true,
     "ipam": {"type": "host-local", "ranges": [[{"subnet": "$POD_CIDR"}]], "routes": [{"dst": "0.0.0.0/0"}],
              "dataDir": "$STATE/cni/ipam"}},
    {"type": "portmap", "capabilities": {"portMappings": true}}
  ]
}
CNI
  # Docker sets the FORWARD policy to DROP: pods' traffic on the bridge (a pod calling another's Service, DNATed to
  # a pod on the same bridge) is let through, as on any Kubernetes node that also runs Docker.
  for direction in -i -o; do
    iptables -C FORWARD "$direction" "$BRIDGE" -m comment --comment "$FORWARD_COMMENT" -j ACCEPT 2>/dev/null \
      || iptables -I FORWARD 1 "$direction" "$BRIDGE" -m comment --comment "$FORWARD_COMMENT" -j ACCEPT
  done
  # Pods reach Services' ClusterIPs through iptables on the bridge.
  modprobe br_netfilter 2>/dev/null || true
  [[ -e /proc/sys/net/bridge/bridge-nf-call-iptables ]] && sysctl -q -w net.bridge.bridge-nf-call-iptables=1
  sysctl -q -w net.ipv4.ip_forward=1
}

start_control_plane() {
  launch etcd --name "$NODE_NAME" --data-dir "$STATE/etcd" --listen-client-urls http://127.0.0.1:2379 \
    --advertise-client-urls http://127.0.0.1:2379 --listen-peer-urls http://127.0.0.1:2380 \
    --initial-advertise-peer-urls http://127.0.0.1:2380 --initial-cluster "$NODE_NAME=http://127.0.0.1:2380" \
    --listen-metrics-urls http://127.0.0.1:2381
  wait_for 30 etcd curl -fsS http://127.0.0.1:2381/health
  launch kube-apiserver --etcd-servers http://127.0.0.1:2379 --bind-address "$NODE_IP" \
    --advertise-address "$NODE_IP" --secure-port "$API_PORT" --service-cluster-ip-range "$SERVICE_CIDR" \
    --client-ca-file "$PKI/ca.crt" --tls-cert-file "$PKI/apiserver.crt" --tls-private-key-file "$PKI/apiserver.key" \
    --kubelet-client-certificate "$PKI/apiserver-kubelet-client.crt" \
    --kubelet-client-key "$PKI/apiserver-kubelet-client.key" --kubelet-preferred-address-types InternalIP \
    --service-account-issuer https://kubernetes.default.svc.cluster.local \
    --service-account-key-file "$PKI/sa.pub" --service-account-signing-key-file "$PKI/sa.key" \
    --authorization-mode Node,RBAC --enable-admission-plugins NodeRestriction --allow-privileged=true \
    --requestheader-client-ca-file "$PKI/front-proxy-ca.crt" --requestheader-allowed-names front-proxy-client \
    --requestheader-username-headers X-Remote-User --requestheader-group-headers X-Remote-Group \
    --requestheader-extra-headers-prefix X-Remote-Extra- --proxy-client-cert-file "$PKI/front-proxy-client.crt" \
    --proxy-client-key-file "$PKI/front-proxy-client.key" --enable-aggregator-routing=true
  wait_for 60 kube-apiserver kubectl_admin get --raw /readyz
  launch kube-controller-manager --kubeconfig "$STATE/controller-manager.kubeconfig" \
    --authentication-kubeconfig "$STATE/controller-manager.kubeconfig" \
    --authorization-kubeconfig "$STATE/controller-manager.kubeconfig" --bind-address 127.0.0.1 \
    --cluster-signing-cert-file "$PKI/ca.crt" --cluster-signing-key-file "$PKI/ca.key" \
    --root-ca-file "$PKI/ca.crt" --service-account-private-key-file "$PKI/sa.key" \
    --use-service-account-credentials=true --service-cluster-ip-range "$SERVICE_CIDR" --leader-elect=false
  launch kube-scheduler --kubeconfig "$STATE/scheduler.kubeconfig" \
    --authentication-kubeconfig "$STATE/scheduler.kubeconfig" \
    --authorization-kubeconfig "$STATE/scheduler.kubeconfig" --bind-address 127.0.0.1 --leader-elect=false
}

start_node() {
  mkdir -p "$STATE/cri-dockerd" "$STATE/kubelet"
  # A socket left by an earlier run would pass for the new shim's before it listens.
  pid_of cri-dockerd >/dev/null || rm -f "$CRI_SOCKET"
  launch cri-dockerd --container-runtime-endpoint "unix://$CRI_SOCKET" \
    --cri-dockerd-root-directory "$STATE/cri-dockerd" --pod-infra-container-image "$PAUSE_IMAGE" \
    --network-plugin cni --cni-bin-dir "$CNI_BIN" --cni-conf-dir "$STATE/cni/net.d" \
    --cni-cache-dir "$STATE/cni/cache" --hairpin-mode hairpin-veth
  wait_for 30 cri-dockerd test -S "$CRI_SOCKET"
  # Image garbage collection off (the engine's images are the project's, not the kubelet's to delete);
  # eviction only at the edge. No clusterDNS: there is no CoreDNS image, pods use the host's resolver.
  cat > "$STATE/kubelet.yaml" <<KUBELET
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: $NODE_IP
readOnlyPort: 0
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: $PKI/ca.crt}
authorization: {mode: Webhook}
tlsCertFile: $PKI/kubelet.crt
tlsPrivateKeyFile: $PKI/kubelet.key
cgroupDriver: cgroupfs
containerRuntimeEndpoint: unix://$CRI_SOCKET
failSwapOn: false
clusterDomain: cluster.local
resolvConf: /etc/resolv.conf
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
evictionHard: {memory.available: 100Mi, nodefs.available: 1%, imagefs.available: 1%}
maxPods: 110
KUBELET
  launch kubelet --config "$STATE/kubelet.yaml" --kubeconfig "$STATE/kubelet.kubeconfig" \
    --root-dir "$STATE/kubelet" --hostname-override "$NODE_NAME" --node-ip "$NODE_IP"
  # The kubelet's own health first: the node object of an earlier run may still read Ready.
  wait_for 90 kubelet curl -fsS http://127.0.0.1:10248/healthz
  wait_for 90 kubelet kubectl_admin wait --for=condition=Ready "node/$NODE_NAME" --timeout=1s
  launch kube-proxy --kubeconfig "$STATE/kube-proxy.kubeconfig" --hostname-override "$NODE_NAME" \
    --proxy-mode iptables --cluster-cidr "$POD_CIDR" --metrics-bind-address 127.0.0.1:10249 \
    --healthz-bind-address 127.0.0.1:10256 --conntrack-max-per-core 0
}

# metrics-server as a host process behind an APIService: the aggregator reaches it at the node's own
# address (an Endpoints object may not name loopback).
start_metrics_server() {
  launch metrics-server --kubeconfig "$STATE/admin.kubeconfig" \
    --authentication-kubeconfig "$STATE/admin.kubeconfig" --authorization-kubeconfig "$STATE/admin.kubeconfig" \
    --bind-address "$NODE_IP" --secure-port "$METRICS_SERVER_PORT" --tls-cert-file "$PKI/metrics-server.crt" \
    --tls-private-key-file "$PKI/metrics-server.key" --kubelet-certificate-authority "$PKI/ca.crt" \
    --kubelet-client-certificate "$PKI/apiserver-kubelet-client.crt" \
    --kubelet-client-key "$PKI/apiserver-kubelet-client.key" --kubelet-preferred-address-types InternalIP \
    --metric-resolution 15s
  # Endpoints (deprecated, still what the aggregator reads for a Service without a selector): its warning dropped.
  kubectl_admin apply -f - 2> >(grep -v 'Endpoints is deprecated' >&2) >/dev/null <<METRICS
apiVersion: v1
kind: Service
metadata: {name: metrics-server, namespace: kube-system, labels: {dev.perflab.owner: perflab}}
spec:
  ports: [{name: https, port: 443, targetPort: $METRICS_SERVER_PORT}]
---
apiVersion: v1
kind: Endpoints
metadata: {name: metrics-server, namespace: kube-system, labels: {dev.perflab.owner: perflab}}
subsets:
- addresses: [{ip: $NODE_IP}]
  ports: [{name: https, port: $METRICS_SERVER_PORT}]
---
apiVersion: apiregistration.k8s.io/v1
kind: APIService
metadata: {name: v1beta1.metrics.k8s.io, labels: {dev.perflab.owner: perflab}}
spec:
  service: {name: metrics-server, namespace: kube-system, port: 443}
  group: metrics.k8s.io
  version: v1beta1
  caBundle: $(base64 -w0 "$PKI/ca.crt")
  groupPriorityMinimum: 100
  versionPriority: 100
METRICS
  wait_for 60 metrics-server kubectl_admin get --raw /apis/metrics.k8s.io/v1beta1/nodes
}

start() {
  require_host
  build
  mkdir -p "$STATE" "$LOGS" "$RUN"
  local started=$SECONDS
  certificates
  pause_image
  network
  start_control_plane
  start_node
  start_metrics_server
  mkdir -p "$(dirname "$KUBECONFIG_OUT")"
  cp "$STATE/admin.kubeconfig" "$KUBECONFIG_OUT"
  log "cluster up in $((SECONDS - started)) s: node $NODE_NAME Ready, API https://$NODE_IP:$API_PORT"
  log "kubeconfig: $KUBECONFIG_OUT; kubectl of the cluster's version: $0 kubectl ..., or eval \"\$($0 env)\""
}

# --- Stop ---------------------------------------------------------------------------------------

# Every mount point at or under the state directory, deepest first, one per line (a path mounted twice is
# listed twice). The kubelet bind-mounts its root directory onto itself and mounts pods' volumes under it;
# they outlive it, and rm -rf of the state stops at them ("Device or resource busy").
state_mounts() {
  local state
  state="$(realpath -m "$STATE")"
  # mountinfo's fifth field is the mount point, its blanks and backslashes escaped as octal (\040).
  awk '{print $5}' /proc/self/mountinfo | while read -r point; do
    point="$(printf '%b' "$point")"
    # An if, not [[ ]] && echo: the loop's status is its last command's, and pipefail would fail on a miss.
    if [[ "$point" == "$state" || "$point" == "$state/"* ]]; then echo "$point"; fi
  done | awk '{print length($0) "\t" $0}' | sort -rn | cut -f2-
}

# Unmounts everything under the state directory, deepest first; a mount still busy is detached lazily (it
# goes when its last user does). Fails, naming them, when mounts remain: reset would fail on them.
unmount_state() {
  local point left count=0
  for _ in 1 2 3 4 5; do
    left="$(state_mounts)"
    [[ -n "$left" ]] || break
    while read -r point; do
      if umount "$point" 2>/dev/null || umount -l "$point" 2>/dev/null; then
        count=$((count + 1))
      fi
    done <<<"$left"
  done
  [[ $count -eq 0 ]] || log "unmounted $count mount(s) under $STATE"
  left="$(state_mounts)"
  [[ -z "$left" ]] || die "still mounted under $STATE after unmounting (umount, then umount -l):
$left
see what holds them (fuser -vm <path>), unmount them, then run stop again"
}

stop() {
  [[ $EUID -eq 0 ]] || die "stopping the cluster's processes and rules needs root"
  local index name pid
  for ((index = ${#COMPONENTS[@]} - 1; index >= 0; index--)); do
    name="${COMPONENTS[index]}"
    pid="$(pid_of "$name")" || continue
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -9 "$pid" 2>/dev/null || true
    log "stopped $name ($pid)"
  done
  rm -f "$RUN"/*.pid "$CRI_SOCKET"
  # The pods' containers (cri-dockerd names them k8s_*), sandboxes included.
  local pods
  pods="$(docker ps -aq --filter label=io.kubernetes.pod.namespace 2>/dev/null || true)"
  [[ -z "$pods" ]] || { docker rm -f $pods >/dev/null 2>&1 || true; log "removed $(wc -w <<<"$pods") pod container(s)"; }
  # The pods' volumes and the kubelet's own bind mount, once nothing runs that uses them.
  unmount_state
  # What the kubelet and kube-proxy leave: their iptables chains, the bridge, the node's interface.
  for tool in iptables ip6tables; do
    command -v "$tool" >/dev/null || continue
    for table in filter nat mangle; do
      "$tool" -t "$table" -S 2>/dev/null | grep -E -- '-j (KUBE|CNI)-' | sed 's/^-A/-D/' | while read -r rule; do
        eval "$tool -t $table $rule" 2>/dev/null || true
      done || true
      "$tool" -t "$table" -S 2>/dev/null | awk '/^-N (KUBE|CNI)-/{print $2}' | while read -r chain; do
        "$tool" -t "$table" -F "$chain" 2>/dev/null || true
      done || true
      "$tool" -t "$table" -S 2>/dev/null | awk '/^-N (KUBE|CNI)-/{print $2}' | while read -r chain; do
        "$tool" -t "$table" -X "$chain" 2>/dev/null || true
      done || true
    done
  done
  for direction in -i -o; do
    while iptables -D FORWARD "$direction" "$BRIDGE" -m comment --comment "$FORWARD_COMMENT" -j ACCEPT 2>/dev/null; do :; done
  done
  sysctl -q -w net.ipv4.conf.all.route_localnet=0 2>/dev/null || true
  ip link del "$BRIDGE" 2>/dev/null || true
  ip link del "$NODE_INTERFACE" 2>/dev/null || true
  rm -rf "$STATE/cni/ipam"
  # The kubelet's cgroups (kubepods and its QoS classes), deepest first, in every v1 hierarchy.
  find /sys/fs/cgroup/*/kubepods* -depth -type d -exec rmdir {} + 2>/dev/null || true
  log "stopped; state kept in $STATE (reset deletes it)"
}

reset() {
  # Stop is idempotent: after a stop, or one that failed half-way, it finishes what is left (the mounts among it).
  stop
  rm -rf "$STATE" || die "could not delete $STATE; mounts under it: $(state_mounts | tr '\n' ' ')"
  rm -f "$KUBECONFIG_OUT"
  log "state deleted: the next start makes new certificates and an empty etcd"
}

# --- Status -------------------------------------------------------------------------------------

status() {
  local down=0 pid
  for name in "${COMPONENTS[@]}"; do
    if pid="$(pid_of "$name")"; then
      printf '%-24s running (pid %s)\n' "$name" "$pid"
    else
      printf '%-24s not running\n' "$name"
      down=1
    fi
  done
  if [[ $down -eq 0 ]] && kubectl_admin get --raw /readyz >/dev/null 2>&1; then
    kubectl_admin get node "$NODE_NAME" --no-headers 2>/dev/null | awk '{print "node " $1 ": " $2 " (" $5 ")"}'
    echo "kubeconfig: $KUBECONFIG_OUT"
  fi
  [[ -f "$BIN/.complete" ]] && echo "binaries: $BIN" || echo "binaries: not built (cluster.sh build)"
  return $down
}

# --- kubectl ------------------------------------------------------------------------------------

# The kubectl of the cluster's version: a kubectl more than one minor version away from the API server is not
# supported by Kubernetes (and the one on a Debian PATH is older).
require_kubectl() {
  [[ -x "$BIN/kubectl" ]] || die "no kubectl in $BIN: build the binaries first (cluster.sh build, or start)"
  [[ -f "$KUBECONFIG_OUT" ]] || die "no kubeconfig at $KUBECONFIG_OUT: start the cluster first (cluster.sh start)"
}

case "${1:-}" in
  build) build ;;
  start) start ;;
  stop) stop ;;
  reset) reset ;;
  status) status ;;
  built) [[ -f "$BIN/.complete" ]] ;;
  kubectl) require_kubectl; shift; exec "$BIN/kubectl" --kubeconfig "$KUBECONFIG_OUT" "$@" ;;
  env) require_kubectl; printf 'export PATH=%q:"$PATH" KUBECONFIG=%q\n' "$BIN" "$KUBECONFIG_OUT" ;;
  *) echo "usage: $0 build|start|stop|status|reset|built|env|kubectl ARGS..." >&2; exit 2 ;;
esac
