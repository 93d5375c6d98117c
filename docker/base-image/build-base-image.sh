#!/usr/bin/env bash
# Builds the project's base images, FROM scratch, without any registry: a distroless-style
# Java 25 runtime (variant jre) or the same glibc userland without a JRE, for native
# executables (variant native).
#
#   build-base-image.sh IMAGE JAVA_HOME WORK_DIR [jre|native]
#
#   IMAGE      image name, normally perflab/jre:25 (parent POM property perflab.base.image)
#              or perflab/native-base:12 (perflab.native.base.image)
#   JAVA_HOME  the JDK 25 to jlink the runtime from (Maven passes ${java.home})
#   WORK_DIR   scratch directory for downloads, the rootfs and the build context
#   variant    jre (default) or native
#
# The image holds the few Debian packages a JVM needs (unpacked, no maintainer scripts),
# a root and a non-root user (perflab, 65532), a CA bundle, /tmp (1777), /app owned by
# perflab, and a jlink'd JRE at /opt/java/openjdk. No shell, no package manager.
#
# Idempotent: a fingerprint of the inputs (this script, which also holds the package and
# module lists, and the JDK's release file) is stored as an image label; if the image
# already carries the same fingerprint, nothing is done.
#
# If IMAGE is not the project's default, the user brings their own base: it is used if
# present locally, pulled otherwise, and never built.
set -euo pipefail

# shellcheck source=../lib/images.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/images.sh"

[[ $# -eq 3 || $# -eq 4 ]] || { echo "usage: $0 IMAGE JAVA_HOME WORK_DIR [jre|native]" >&2; exit 1; }
readonly VARIANT="${4:-jre}"
# Must match perflab.base.image / perflab.native.base.image in the parent pom.xml.
case "$VARIANT" in
  jre) readonly PROJECT_IMAGE="perflab/jre:25" ;;
  native) readonly PROJECT_IMAGE="perflab/native-base:12" ;;
  *) echo "unknown variant '$VARIANT': jre or native" >&2; exit 1 ;;
esac
readonly FINGERPRINT_LABEL="dev.perflab.base.fingerprint"
readonly JDK_VERSION_LABEL="dev.perflab.jdk.version"
readonly APP_UID=65532

# Debian packages unpacked into the rootfs. `ldd` over every native library of the JDK
# shows that the JRE itself needs only glibc (libc, libm, libdl, libpthread, librt); zlib and
# freetype are bundled in the JDK. The X11/ALSA libraries wanted by java.desktop's GUI and
# sound libraries are deliberately absent: servers run headless and never load them.
readonly PACKAGES=(
  libc6           # glibc and the dynamic loader
  libgcc-s1       # libgcc_s: glibc dlopens it for thread cancellation / unwinding
  gcc-12-base     # copyright files that libgcc-s1 depends on
  zlib1g          # libz, for any app native code that links it (the JDK bundles its own)
  ca-certificates # Mozilla CA certificates (for non-Java tools; Java uses lib/security/cacerts)
  tzdata          # /usr/share/zoneinfo
  netbase         # /etc/services, /etc/protocols
  base-files      # /etc/os-release, /etc/debian_version, base directory layout
  libc-bin        # only its C.utf8 locale is kept (see below): without it LANG=C.UTF-8 is
                  # ignored and the JVM's native/stdout encoding falls back to ASCII
)

# JDK modules of the jlink'd JRE. Fixed on purpose (one base for every app), chosen for
# Spring Boot 4 (Tomcat), Quarkus 3 (Vert.x/Netty) and Micronaut 5 (Netty) servers and checked
# with `jdeps -s` (and `jar --describe-module` for modular jars) over their runtime jars: the
# "(jdeps: ...)" notes name jars that reference the module. jlink adds the modules these
# require (e.g. java.naming -> java.security.sasl, java.sql -> java.transaction.xa); they are
# listed anyway so the list reads as the whole image. Not included: jdk.localedata (only the
# English/ROOT locale data in java.base is needed), jdk.charsets (UTF-8/ISO-8859-1 are in
# java.base), jdk.crypto.ec (empty since JDK 22), jdk.compiler, jdk.jcmd and other tools.
readonly MODULES=(
  java.base
  java.compiler         # javax.lang.model (jdeps: Spring beans/aop/boot AOT code, vertx-core,
                        # micronaut-inject-java, smallrye stork)
  java.desktop          # java.beans (jdeps: spring-beans, Tomcat, Jackson, SnakeYAML,
                        # quarkus-core, micronaut-router); runs headless
  java.instrument       # -javaagent and spring-context/Tomcat instrumentation hooks
  java.logging          # java.util.logging (Tomcat JULI, JBoss LogManager, Netty, jul-to-slf4j)
  java.management       # JMX (Tomcat MBeans, Micrometer, logback, jboss-threads)
  java.naming           # JNDI (Tomcat, logback; Netty's DNS resolver reads the system DNS
                        # servers through it)
  java.net.http         # java.net.http.HttpClient (Spring Boot's JDK client factory; app
                        # clients of the downstream stub)
  java.prefs            # java.util.prefs (jdeps: spring-beans)
  java.rmi              # java.rmi.RemoteException: jakarta.transaction-api's exceptions extend it
  java.scripting        # javax.script (jdeps: spring-context scripting support)
  java.security.jgss    # org.ietf.jgss (Tomcat's SPNEGO classes; required by its module)
  java.security.sasl    # required by java.naming (LDAP)
  java.sql              # java.sql.Timestamp & co. (Jackson, SnakeYAML, Tomcat, logback,
                        # micronaut-serde-support)
  java.transaction.xa   # required by java.sql
  java.xml              # JAXP (Tomcat, logback, Jackson, Spring)
  jdk.crypto.cryptoki   # SunPKCS11, a provider listed in java.security (PKCS#11 keystores)
  jdk.httpserver        # com.sun.net.httpserver: the downstream stub
  jdk.jfr               # Flight Recorder (jdeps: spring-core startup events, Netty 4.2,
                        # micronaut-http-netty); profiling of performance runs
  jdk.management        # com.sun.management (jdeps: Micrometer process/GC metrics)
  jdk.naming.dns        # the DNS provider behind java.naming (Netty's DNS server discovery)
  jdk.net               # jdk.net.ExtendedSocketOptions, used reflectively by Netty/Vert.x
  jdk.unsupported       # sun.misc.Unsafe, sun.misc.Signal (Netty, jctools, jboss-threads,
                        # Spring, Quarkus)
  jdk.zipfs             # the jar: file system provider (FileSystems.newFileSystem on jars)
)

log() { echo "[base-image] $*"; }
die() { echo "[base-image] ERROR: $*" >&2; exit 1; }

readonly IMAGE="$1" JAVA_HOME_DIR="$2" WORK_DIR="$3"

command -v docker >/dev/null || die "docker not found on PATH: install the Docker CLI and start an engine"

# --- A user-supplied base image: use it or pull it, never build it. ----------------------
if [[ "$IMAGE" != "$PROJECT_IMAGE" ]]; then
  if docker image inspect "$IMAGE" >/dev/null 2>&1; then
    log "using base image $IMAGE (present locally, not built by this project)"
  else
    log "pulling base image $IMAGE (not built by this project)"
    docker pull "$IMAGE" || die "cannot pull $IMAGE: check the name and registry access, or drop -Dperflab.base.image to build $PROJECT_IMAGE locally"
  fi
  exit 0
fi

# --- Up to date? ---------------------------------------------------------------------------
readonly RELEASE_FILE="$JAVA_HOME_DIR/release"
[[ -f "$RELEASE_FILE" && -x "$JAVA_HOME_DIR/bin/jlink" ]] \
  || die "$JAVA_HOME_DIR is not a JDK with jlink (no release file or bin/jlink)"

fingerprint="$(
  {
    cat "${BASH_SOURCE[0]}" "$(dirname "${BASH_SOURCE[0]}")/../lib/images.sh"
    printf 'variant %s\n' "$VARIANT"
    printf 'package %s\n' "${PACKAGES[@]}"
    printf 'module %s\n' "${MODULES[@]}"
    cat "$RELEASE_FILE"
  } | sha256sum | cut -d' ' -f1
)"
readonly fingerprint

current="$(image_label "$IMAGE" "$FINGERPRINT_LABEL")"
if [[ "$current" == "$fingerprint" ]]; then
  echo "base image $IMAGE is up to date"
  exit 0
fi

started=$SECONDS
previous_id="$(image_id "$IMAGE")"
log "building $IMAGE (fingerprint ${fingerprint:0:12}; image had: ${current:0:12})"

# JAVA_RUNTIME_VERSION="25.0.3+9-LTS" in the JDK's release file.
jdk_version="$(sed -n 's/^JAVA_RUNTIME_VERSION="\(.*\)"$/\1/p' "$RELEASE_FILE")"
[[ -n "$jdk_version" ]] || die "no JAVA_RUNTIME_VERSION in $RELEASE_FILE"

readonly DEBS="$WORK_DIR/debs" ROOTFS="$WORK_DIR/rootfs" CONTEXT="$WORK_DIR/context"
rm -rf "$WORK_DIR"
mkdir -p "$DEBS" "$ROOTFS" "$CONTEXT"

# --- 1. Debian packages --------------------------------------------------------------------
command -v apt-get >/dev/null && command -v dpkg >/dev/null \
  || die "apt-get/dpkg not found: the base image is built from Debian packages on a Debian/Ubuntu host; elsewhere pass -Dperflab.base.image=<an existing JRE 25 image>"

download_packages() {
  # Sandbox user root: avoids apt's "_apt cannot access the download directory" notice.
  (cd "$DEBS" && apt-get download -q -o APT::Sandbox::User=root "${PACKAGES[@]}")
}
if ! download_packages; then
  [[ $EUID -eq 0 ]] \
    || die "apt-get download failed and refreshing the package lists needs root: run 'sudo apt-get update' once, then rebuild"
  log "apt-get download failed; running apt-get update once and retrying"
  apt-get update -q
  download_packages || die "apt-get download ${PACKAGES[*]} failed even after apt-get update"
fi

# Unpack only: no maintainer scripts run, so the few files they would generate are
# written by hand below. libc-bin's tools (ldconfig, locale, iconv...) are not wanted:
# from it only the compiled C.UTF-8 locale and the licence are copied.
for deb in "$DEBS"/*.deb; do
  case "$(dpkg-deb --field "$deb" Package)" in
    libc-bin)
      dpkg -x "$deb" "$WORK_DIR/libc-bin"
      mkdir -p "$ROOTFS/usr/lib/locale" "$ROOTFS/usr/share/doc/libc-bin"
      cp -a "$WORK_DIR/libc-bin/usr/lib/locale/C.utf8" "$ROOTFS/usr/lib/locale/"
      cp -a "$WORK_DIR/libc-bin/usr/share/doc/libc-bin/copyright" "$ROOTFS/usr/share/doc/libc-bin/"
      ;;
    *) dpkg -x "$deb" "$ROOTFS" ;;
  esac
done
# Documentation is dead weight in a runtime image; keep only the licences. glibc's gconv
# modules (8 MB) serve only iconv(), which the JVM never calls (UTF-8 is built into glibc).
find "$ROOTFS/usr/share/doc" -type f ! -name copyright -delete
rm -rf "$ROOTFS/usr/share/man" "$ROOTFS/usr/share/info" "$ROOTFS/usr/share/lintian" \
  "$ROOTFS/usr/lib/x86_64-linux-gnu/gconv"

# --- 2. Users, directories and generated files ---------------------------------------------
cat > "$ROOTFS/etc/passwd" <<PASSWD
root:x:0:0:root:/root:/sbin/nologin
perflab:x:$APP_UID:$APP_UID:perflab:/home/perflab:/sbin/nologin
PASSWD
cat > "$ROOTFS/etc/group" <<GROUP
root:x:0:
perflab:x:$APP_UID:
GROUP
# Without nsswitch.conf glibc would ask DNS before /etc/hosts.
cat > "$ROOTFS/etc/nsswitch.conf" <<'NSS'
passwd: files
group:  files
hosts:  files dns
NSS
chmod 0644 "$ROOTFS/etc/passwd" "$ROOTFS/etc/group" "$ROOTFS/etc/nsswitch.conf"

# update-ca-certificates would build this bundle; all Mozilla CAs are enabled by default.
mkdir -p "$ROOTFS/etc/ssl/certs"
find "$ROOTFS/usr/share/ca-certificates" -name '*.crt' -print0 | sort -z \
  | xargs -0 awk 1 > "$ROOTFS/etc/ssl/certs/ca-certificates.crt"
[[ -s "$ROOTFS/etc/ssl/certs/ca-certificates.crt" ]] || die "empty CA bundle"

# The JVM (perf data, attach) and Tomcat (work dirs) write to /tmp.
install -d -m 1777 "$ROOTFS/tmp"
install -d -m 0700 "$ROOTFS/root"
install -d -m 0755 -o "$APP_UID" -g "$APP_UID" "$ROOTFS/home/perflab" "$ROOTFS/app"

# --- 3. The JRE ----------------------------------------------------------------------------
# This JDK has no jmods/: jlink links from the run-time image (JEP 493).
# --generate-cds-archive runs the new JRE once to dump its default CDS archive.
# java.desktop brings native libraries for X11 windows, AWT native access, the splash
# screen and sound, which need libX11/libasound (absent): headless servers never load them,
# so they are excluded; every remaining native library resolves against the rootfs.
# The native base stops here: a native executable brings its own runtime.
if [[ "$VARIANT" == jre ]]; then
modules_csv="$(IFS=,; echo "${MODULES[*]}")"
"$JAVA_HOME_DIR/bin/jlink" \
  --add-modules "$modules_csv" \
  --strip-debug --no-header-files --no-man-pages \
  --compress zip-6 \
  --exclude-files '**/libawt_xawt.so,**/libjawt.so,**/libsplashscreen.so,**/libjsound.so' \
  --generate-cds-archive \
  --output "$ROOTFS/opt/java/openjdk"
fi

# --- 4. The image --------------------------------------------------------------------------
# COPY would reset every owner to root (so /app and /home/perflab would not belong to
# perflab); ADD of a local tar extracts it with owners and modes (1777 /tmp) as recorded.
tar --numeric-owner --sort=name -C "$ROOTFS" -cf "$CONTEXT/rootfs.tar" .

if [[ "$VARIANT" == jre ]]; then
  runtime_env="ENV JAVA_HOME=/opt/java/openjdk PATH=/opt/java/openjdk/bin:/usr/bin:/bin LANG=C.UTF-8"
  runtime_labels="$JDK_VERSION_LABEL=\"$jdk_version\" org.opencontainers.image.title=\"perflab JRE $jdk_version\""
  runtime_labels+=" org.opencontainers.image.description=\"Distroless-style Java runtime built from Debian packages and a jlink'd Temurin JRE\""
else
  runtime_env="ENV PATH=/usr/bin:/bin LANG=C.UTF-8"
  runtime_labels="org.opencontainers.image.title=\"perflab native base\""
  runtime_labels+=" org.opencontainers.image.description=\"Distroless-style glibc userland from Debian packages for native executables, no JRE\""
fi
cat > "$CONTEXT/Dockerfile" <<DOCKERFILE
# Generated by docker/base-image/build-base-image.sh: do not edit.
FROM scratch
ADD rootfs.tar /
$runtime_env
USER $APP_UID:$APP_UID
WORKDIR /app
LABEL $FINGERPRINT_LABEL="$fingerprint" $runtime_labels
DOCKERFILE

# The legacy builder builds FROM scratch (and FROM local images) without any registry.
# Its output (an image id and a deprecation note about BuildKit) is shown only on failure.
if ! build_output="$(DOCKER_BUILDKIT=0 docker build --quiet --tag "$IMAGE" "$CONTEXT" 2>&1)"; then
  echo "$build_output" >&2
  die "docker build of $IMAGE failed"
fi

# Smoke test: the JRE (native: glibc's dynamic loader, which starts every native executable)
# runs as the non-root user. A broken image is removed, so the next build does not mistake it
# for an up-to-date one.
if [[ "$VARIANT" == jre ]]; then
  smoke=("$IMAGE" java -version)
else
  smoke=(--entrypoint /lib64/ld-linux-x86-64.so.2 "$IMAGE" --version)
fi
if ! docker run --rm --network none "${smoke[@]}" >/dev/null 2>&1; then
  docker image rm "$IMAGE" >/dev/null 2>&1 || true
  die "the new image cannot run '${smoke[*]}'; removed it"
fi

# The replaced image is now untagged: remove it unless images built on it still need it.
remove_replaced_image "$previous_id" "$IMAGE"

log "built $IMAGE ($VARIANT$([[ "$VARIANT" == jre ]] && echo ", JDK $jdk_version")) in $((SECONDS - started)) s"
