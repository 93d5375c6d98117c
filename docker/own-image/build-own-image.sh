#!/usr/bin/env bash
# Builds an image of your own service on perflab's base image, so perflab can gate it: no
# Dockerfile to write. The base has no shell (nothing can RUN in it), so everything is prepared
# here on the host and only COPY'd into the image.
#
#   build-own-image.sh KIND INPUT TAG [--lib DIR] [--add-modules MODULES]
#
#   KIND spring-boot  INPUT is a Spring Boot 3.3+ executable jar (target/*.jar). It is extracted
#                     with the host's JDK 25 (java -Djarmode=tools -jar INPUT extract --layers):
#                     one image layer per Spring Boot layer, in the jar's order (dependencies
#                     first), the application as /app/app.jar with its libraries in /app/lib/.
#                     Runs java -jar /app/app.jar, as perflab's own Spring Boot image does.
#   KIND quarkus      INPUT is Quarkus's fast-jar directory (target/quarkus-app: quarkus-run.jar,
#                     lib/, app/, quarkus/). Runs java -jar /app/quarkus-run.jar.
#   KIND jar          INPUT is a plain jar with a Main-Class in its manifest. Runs
#                     java -jar /app/app.jar; with --lib DIR, DIR's jars go to /app/lib/ and it
#                     runs java -cp /app/app.jar:/app/lib/* <Main-Class>.
#   TAG               the image to build (my/service:1.0-jvm); perflab/* is the project's own.
#   --add-modules     JDK modules the base lacks, comma-separated (java.sql.rowset): the image is
#                     built on perflab/jre:25-<modules>, built first if needed
#                     (docker/base-image/build-extended-base-image.sh). perflab/jre:25 is untouched.
#
# The image: FROM the base, the files under /app (owned by root, read-only to the service),
# user perflab (65532) and WORKDIR /app from the base, EXPOSE 8080, an exec-form ENTRYPOINT with
# the base's java (/opt/java/openjdk/bin) and no JVM flags: perflab passes the cells' options in
# JDK_JAVA_OPTIONS. Rebuilding a tag removes the image it named before, and a failed build
# leaves no images behind (docker/lib/build-image.sh).
set -euo pipefail

readonly HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly DOCKER_DIR="$(dirname "$HERE")"
readonly BASE_IMAGE="perflab/jre:25"

log() { echo "[own-image] $*"; }
die() { echo "[own-image] ERROR: $*" >&2; exit 1; }
usage() {
  cat >&2 <<USAGE
usage: $0 KIND INPUT TAG [--lib DIR] [--add-modules MODULES]
  $0 spring-boot target/app.jar my/service:1.0-jvm
  $0 quarkus target/quarkus-app my/service:1.0-jvm
  $0 jar target/app.jar my/service:1.0-jvm [--lib target/lib]
  --add-modules java.sql.rowset   JDK modules to add to the base (comma-separated)
USAGE
  exit 1
}

# --- Arguments --------------------------------------------------------------------------------
positional=()
lib_dir="" extra_modules=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --lib) [[ $# -ge 2 ]] || usage; lib_dir="$2"; shift 2 ;;
    --lib=*) lib_dir="${1#--lib=}"; shift ;;
    --add-modules) [[ $# -ge 2 ]] || usage; extra_modules="$2"; shift 2 ;;
    --add-modules=*) extra_modules="${1#--add-modules=}"; shift ;;
    -h|--help) usage ;;
    -*) echo "unknown option '$1'" >&2; usage ;;
    *) positional+=("$1"); shift ;;
  esac
done
[[ ${#positional[@]} -eq 3 ]] || usage
readonly KIND="${positional[0]}" INPUT="${positional[1]}" TAG="${positional[2]}"

case "$KIND" in
  spring-boot|quarkus|jar) ;;
  *) die "unknown kind '$KIND': spring-boot (a Spring Boot jar), quarkus (a target/quarkus-app directory) or jar (a plain jar with a Main-Class)" ;;
esac
[[ -z "$lib_dir" || "$KIND" == jar ]] || die "--lib is for kind jar only ($KIND brings its libraries itself)"

# Docker's reference format, lower-case repository, optional tag; no registry host:port.
[[ "$TAG" =~ ^[a-z0-9]+([._-]+[a-z0-9]+)*(/[a-z0-9]+([._-]+[a-z0-9]+)*)*(:[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?$ ]] \
  || die "'$TAG' is not an image tag like my/service:1.0-jvm (lower-case name, optional :tag)"
[[ "$TAG" != perflab/* ]] \
  || die "'$TAG': perflab/* names the project's own images (a build would replace them); choose another name, e.g. my/${TAG#perflab/}"

command -v docker >/dev/null || die "docker not found on PATH: install the Docker CLI and start an engine"
docker info >/dev/null 2>&1 || die "no Docker engine answers: start one (e.g. dockerd) and retry"

# --- The input --------------------------------------------------------------------------------
case "$KIND" in
  spring-boot|jar)
    [[ -f "$INPUT" ]] || die "$KIND needs a jar file; '$INPUT' is not a file"
    [[ "$INPUT" == *.jar ]] || die "$KIND needs a jar file; '$INPUT' does not end in .jar"
    ;;
  quarkus)
    [[ -d "$INPUT" ]] || die "quarkus needs Quarkus's fast-jar directory (target/quarkus-app); '$INPUT' is not a directory"
    for entry in quarkus-run.jar lib app quarkus; do
      [[ -e "$INPUT/$entry" ]] \
        || die "'$INPUT' has no $entry: give the target/quarkus-app directory of a fast-jar build (Quarkus's default package type)"
    done
    ;;
esac
if [[ -n "$lib_dir" ]]; then
  [[ -d "$lib_dir" ]] || die "--lib '$lib_dir' is not a directory"
  compgen -G "$lib_dir/*.jar" >/dev/null || die "--lib '$lib_dir' holds no .jar files"
fi
input_abs="$(cd "$(dirname "$INPUT")" && pwd)/$(basename "$INPUT")"
readonly input_abs

# --- A JDK 25 on the host (Spring Boot's extraction, the manifest, extra modules) -------------
# As ./mvnw looks for one: JAVA_HOME if it is a JDK 25 or newer, else the usual install places.
jdk_major() {
  [[ -x "$1/bin/javac" ]] || return 0
  sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release" 2>/dev/null
}
find_jdk() {
  local candidate major
  for candidate in "${JAVA_HOME-}" /usr/lib/jvm/* /usr/java/* /opt/java/* /opt/jdk* \
    "${HOME-}"/.sdkman/candidates/java/* "${HOME-}"/.jdks/*; do
    [[ -n "$candidate" && -d "$candidate" ]] || continue
    major="$(jdk_major "$candidate")"
    if [[ -n "$major" && "$major" -ge 25 ]]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}
jdk="$(find_jdk)" || die "no JDK 25 found (JAVA_HOME, /usr/lib/jvm/*, ...): install one (e.g. Temurin 25) or set JAVA_HOME to it"
readonly jdk

# The main section of a jar's manifest, one attribute a line (continuation lines joined). awk
# reads to the end: a reader that stops early would fail the pipe under pipefail.
manifest() {
  local dir
  dir="$(mktemp -d)"
  (cd "$dir" && "$jdk/bin/jar" --extract --file "$1" META-INF/MANIFEST.MF) 2>/dev/null || true
  if [[ -f "$dir/META-INF/MANIFEST.MF" ]]; then
    awk '{ sub(/\r$/, "") } done { next } /^$/ { done = 1; next }
      /^ / { line = line substr($0, 2); next } { if (line != "") print line; line = $0 }
      END { if (line != "") print line }' "$dir/META-INF/MANIFEST.MF"
  fi
  rm -rf "$dir"
}
# Attribute $2 of manifest text $1, or nothing.
attribute() { awk -v key="$2: " 'index($0, key) == 1 && !found { print substr($0, length(key) + 1); found = 1 }' <<<"$1"; }

# Scratch space (the build context, an extended base's rootfs), removed on exit.
work="$(mktemp -d "${TMPDIR:-/tmp}/perflab-own-image.XXXXXX")"
readonly work
trap 'rm -rf "$work"' EXIT

# --- The base image ---------------------------------------------------------------------------
base="$BASE_IMAGE"
if [[ -n "$extra_modules" ]]; then
  # The base's own list (MODULES in build-base-image.sh): asking for one of those adds nothing.
  base_modules="$(awk '/^readonly MODULES=\(/ { on = 1; next } on && /^\)/ { exit }
    on { sub(/#.*/, ""); for (i = 1; i <= NF; i++) print $i }' "$DOCKER_DIR/base-image/build-base-image.sh")"
  IFS=$', \t' read -r -a requested <<<"$extra_modules"
  wanted=()
  for module in "${requested[@]}"; do
    if grep -qxF "$module" <<<"$base_modules"; then
      log "$module is in $BASE_IMAGE already"
    else
      wanted+=("$module")
    fi
  done
  [[ ${#wanted[@]} -gt 0 ]] || die "--add-modules '$extra_modules' adds nothing: $BASE_IMAGE has every one of them; leave the option out"
  # perflab/jre:25-<modules, sorted, '-'-joined>, e.g. perflab/jre:25-java.sql.rowset.
  suffix="$(printf '%s\n' "${wanted[@]}" | sort -u | paste -sd- -)"
  # A tag has at most 128 characters: a long list is named by its hash.
  [[ ${#suffix} -le 120 ]] || suffix="extra-$(sha256sum <<<"$suffix" | cut -c1-12)"
  base="$BASE_IMAGE-$suffix"
  bash "$DOCKER_DIR/base-image/build-extended-base-image.sh" "$base" "$jdk" "$work/extended-base" "${wanted[*]}"
elif ! docker image inspect "$BASE_IMAGE" >/dev/null 2>&1; then
  project_dir="$(dirname "$DOCKER_DIR")"
  die "the base image $BASE_IMAGE is missing: build it first, in the perflab checkout, with
    cd $project_dir && ./mvnw -q -pl docker/base-image package
  (./mvnw package, which builds every image of the project, builds it too)"
fi
readonly base

# --- The build context ------------------------------------------------------------------------
# In $work, outside the input (Quarkus's directory is used in place as the context).
dockerfile="$work/Dockerfile"
copies=()
entrypoint=""
framework_version=""

case "$KIND" in
  spring-boot)
    context="$work/context"
    meta="$(manifest "$input_abs")"
    framework_version="$(attribute "$meta" Spring-Boot-Version)"
    [[ -n "$framework_version" ]] \
      || die "$INPUT is not a Spring Boot executable jar (no Spring-Boot-Version in its manifest): use kind jar for a plain jar"
    # Spring Boot 3.3+ jars carry the tools jar mode (spring-boot-jarmode-tools) unless it was
    # switched off (<includeTools>false</includeTools>).
    tools=("$jdk/bin/java" -Djarmode=tools -jar "$input_abs")
    tools_failed="needs Spring Boot 3.3 or newer, built with the jar mode tools (the default; not <includeTools>false</includeTools>)"
    extract=("${tools[@]}" extract --application-filename app.jar --destination "$context")
    layer_names=()
    # Layered (the default since Spring Boot 2.4) if the manifest names a layers index the jar has.
    layers_index="$(attribute "$meta" Spring-Boot-Layers-Index)"
    if [[ -n "$layers_index" ]] && grep -qxF "$layers_index" < <("$jdk/bin/jar" --list --file "$input_abs"); then
      if ! layers="$("${tools[@]}" list-layers 2>&1)"; then
        echo "$layers" >&2
        die "'java -Djarmode=tools -jar $INPUT list-layers' failed: $INPUT $tools_failed"
      fi
      mapfile -t layer_names < <(sed '/^[[:space:]]*$/d' <<<"$layers")
      for layer in "${layer_names[@]}"; do
        [[ "$layer" =~ ^[A-Za-z0-9._-]+$ ]] || die "unexpected layer name '$layer' from list-layers: $layers"
      done
      extract+=(--layers "$(IFS=,; echo "${layer_names[*]}")")
    fi
    if ! out="$("${extract[@]}" 2>&1)"; then
      echo "$out" >&2
      die "'java -Djarmode=tools -jar $INPUT extract' failed: $INPUT $tools_failed"
    fi
    if [[ ${#layer_names[@]} -gt 0 ]]; then
      # Without --launcher, spring-boot-loader is empty; an empty layer is no image layer.
      for layer in "${layer_names[@]}"; do
        if [[ -d "$context/$layer" && -n "$(ls -A "$context/$layer")" ]]; then
          copies+=("COPY $layer/ /app/")
        fi
      done
      [[ -n "$(compgen -G "$context/*/app.jar")" ]] || die "the extraction of $INPUT wrote no app.jar"
    else
      # Layers switched off (no layers.idx): the libraries, then the application.
      [[ -f "$context/app.jar" ]] || die "the extraction of $INPUT wrote no app.jar"
      [[ ! -d "$context/lib" ]] || copies+=("COPY lib/ /app/lib/")
      copies+=("COPY app.jar /app/")
    fi
    entrypoint='["java", "-jar", "/app/app.jar"]'
    ;;
  quarkus)
    context="$input_abs"
    # io.quarkus.quarkus-core-3.37.3.jar in lib/main names the Quarkus version.
    core="$(compgen -G "$context/lib/main/io.quarkus.quarkus-core-[0-9]*.jar" | head -n 1 || true)"
    [[ -z "$core" ]] || framework_version="$(basename "$core" .jar | sed 's/^io\.quarkus\.quarkus-core-//')"
    copies+=("COPY lib/ /app/lib/" "COPY quarkus-run.jar /app/" "COPY quarkus/ /app/quarkus/" "COPY app/ /app/app/")
    entrypoint='["java", "-jar", "/app/quarkus-run.jar"]'
    ;;
  jar)
    context="$work/context"
    mkdir -p "$context"
    meta="$(manifest "$input_abs")"
    main_class="$(attribute "$meta" Main-Class)"
    [[ -n "$main_class" ]] \
      || die "$INPUT has no Main-Class in its manifest (META-INF/MANIFEST.MF): 'java -jar' cannot start it; build it with one (maven-jar-plugin <archive><manifest><mainClass>)"
    [[ -z "$(attribute "$meta" Spring-Boot-Version)" ]] \
      || log "note: $INPUT is a Spring Boot jar; kind spring-boot gives it layers and starts it without the nested-jar launcher"
    cp "$input_abs" "$context/app.jar"
    if [[ -n "$lib_dir" ]]; then
      mkdir -p "$context/lib"
      cp "$lib_dir"/*.jar "$context/lib/"
      # Libraries first, in their own layer: they change less often than the service's jar.
      copies+=("COPY lib/ /app/lib/")
      entrypoint="[\"java\", \"-cp\", \"/app/app.jar:/app/lib/*\", \"$main_class\"]"
    else
      entrypoint='["java", "-jar", "/app/app.jar"]'
    fi
    copies+=("COPY app.jar /app/")
    ;;
esac

# dev.perflab.app: the repository's last part (my/petclinic:4.0-jvm -> petclinic).
app_name="${TAG%%:*}"
app_name="${app_name##*/}"
{
  echo "# Generated by docker/own-image/build-own-image.sh ($KIND, $input_abs): do not edit."
  echo "FROM $base"
  printf '%s\n' "${copies[@]}"
  echo "WORKDIR /app"
  echo "EXPOSE 8080"
  echo "ENTRYPOINT $entrypoint"
} >"$dockerfile"

labels=(--label "dev.perflab.app=$app_name" --label dev.perflab.mode=jvm --label "dev.perflab.own.kind=$KIND")
[[ -z "$framework_version" ]] || labels+=(--label "dev.perflab.framework.version=$framework_version")

log "building $TAG ($KIND) on $base"
# Docker's output (the image id, a note that the legacy builder is deprecated) only on failure.
if ! output="$("$DOCKER_DIR/lib/build-image.sh" "$TAG" --quiet "${labels[@]}" --file "$dockerfile" "$context" 2>&1)"; then
  echo "$output" >&2
  die "docker build of $TAG failed; the generated Dockerfile was:
$(cat "$dockerfile")"
fi
log "built $TAG: $(docker image inspect --format '{{.Size}}' "$TAG" | awk '{ printf "%.0f MB", $1 / 1e6 }'), entrypoint $entrypoint"
log "run it: docker run --rm -p 8080:8080 $TAG"
