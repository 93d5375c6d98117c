#!/usr/bin/env bash
# Builds a base image like the project's perflab/jre:25 with extra JDK modules in its JRE, under
# a tag of its own, for a service that needs a module the fixed list lacks (Spring JDBC's
# java.sql.rowset, jdk.localedata for non-English locales, or java.se for every Java SE module).
#
#   build-extended-base-image.sh IMAGE JAVA_HOME WORK_DIR MODULES
#
#   IMAGE      the tag to build, never the project's perflab/jre:25 (build-own-image.sh names it
#              perflab/jre:25-<modules>, e.g. perflab/jre:25-java.sql.rowset)
#   JAVA_HOME  the JDK 25 to jlink the runtime from
#   WORK_DIR   scratch directory (emptied)
#   MODULES    extra JDK modules, separated by commas or spaces (java.sql.rowset,jdk.localedata)
#
# The recipe is build-base-image.sh's, run from a copy in WORK_DIR that differs in three lines:
# the extra modules are added to its MODULES list, IMAGE is the tag it builds (the original
# builds only perflab/jre:25 and takes any other name as a user's image to pull), and a label
# dev.perflab.base.modules.extra names the extra modules. Everything else (packages, rootfs,
# jlink options, smoke test, the fingerprint that makes a rebuild a no-op, the removal of the
# image it replaced) is the original's. build-base-image.sh itself is left as it is: its text
# is part of perflab/jre:25's fingerprint, so the project's base keeps its image id.
set -euo pipefail

log() { echo "[extended-base-image] $*"; }
die() { echo "[extended-base-image] ERROR: $*" >&2; exit 1; }

[[ $# -eq 4 ]] || { echo "usage: $0 IMAGE JAVA_HOME WORK_DIR MODULES" >&2; exit 1; }
readonly IMAGE="$1" JAVA_HOME_DIR="$2" WORK_DIR="$3" MODULES_CSV="$4"
readonly HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly ORIGINAL="$HERE/build-base-image.sh" PROJECT_IMAGE="perflab/jre:25"

[[ "$IMAGE" != "$PROJECT_IMAGE" ]] \
  || die "$PROJECT_IMAGE is the project's own base and keeps its fixed module list: name the extended base otherwise (e.g. $PROJECT_IMAGE-java.sql.rowset)"
[[ -x "$JAVA_HOME_DIR/bin/java" ]] || die "$JAVA_HOME_DIR is not a JDK (no bin/java)"

# The modules: valid names, known to this JDK, each once, sorted (the same set gives the same
# script copy, so the same fingerprint).
IFS=$', \t' read -r -a requested <<<"$MODULES_CSV"
available="$("$JAVA_HOME_DIR/bin/java" --list-modules | sed 's/@.*//')"
modules=()
for module in "${requested[@]}"; do
  [[ -n "$module" ]] || continue
  [[ "$module" =~ ^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)*$ ]] \
    || die "'$module' is not a module name (a module is named like java.sql.rowset)"
  grep -qxF "$module" <<<"$available" \
    || die "JDK $JAVA_HOME_DIR has no module '$module': '$JAVA_HOME_DIR/bin/java --list-modules' lists them"
  modules+=("$module")
done
[[ ${#modules[@]} -gt 0 ]] || die "no module given: name at least one (e.g. java.sql.rowset)"
mapfile -t modules < <(printf '%s\n' "${modules[@]}" | sort -u)
readonly modules
modules_csv="$(IFS=,; echo "${modules[*]}")"
readonly modules_csv

# --- The copy of the recipe -----------------------------------------------------------------
# Each edit must match exactly one line of the original, or the original changed in a way this
# script does not know: then it stops rather than build something else.
readonly COPY_DIR="$WORK_DIR/recipe"
rm -rf "$WORK_DIR"
mkdir -p "$COPY_DIR/base-image" "$COPY_DIR/lib"
cp "$HERE/../lib/images.sh" "$COPY_DIR/lib/"
readonly COPY="$COPY_DIR/base-image/build-base-image.sh"

readonly PROJECT_IMAGE_LINE='  jre) readonly PROJECT_IMAGE="perflab/jre:25" ;;'
readonly MODULES_LINE='readonly MODULES=('
readonly LABEL_LINE='LABEL $FINGERPRINT_LABEL="$fingerprint" $runtime_labels'
for line in "$PROJECT_IMAGE_LINE" "$MODULES_LINE" "$LABEL_LINE"; do
  [[ "$(grep -cxF -- "$line" "$ORIGINAL")" == 1 ]] \
    || die "build-base-image.sh no longer has exactly one line '$line': update $(basename "$0") to match it"
done

while IFS= read -r line; do
  case "$line" in
    "$PROJECT_IMAGE_LINE") printf '  jre) readonly PROJECT_IMAGE="%s" ;;\n' "$IMAGE" ;;
    "$MODULES_LINE")
      printf '%s\n' "$line"
      printf '  %s # extra module (build-extended-base-image.sh)\n' "${modules[@]}"
      ;;
    "$LABEL_LINE") printf '%s dev.perflab.base.modules.extra="%s"\n' "$line" "$modules_csv" ;;
    *) printf '%s\n' "$line" ;;
  esac
done <"$ORIGINAL" >"$COPY"

log "$IMAGE: $PROJECT_IMAGE's recipe plus $modules_csv"
bash "$COPY" "$IMAGE" "$JAVA_HOME_DIR" "$WORK_DIR/build" jre

# The original's smoke test runs java -version; this one checks the modules made it in.
present="$(docker run --rm --network none "$IMAGE" java --list-modules | sed 's/@.*//')"
for module in "${modules[@]}"; do
  grep -qxF "$module" <<<"$present" || die "$IMAGE lacks module $module after the build"
done
