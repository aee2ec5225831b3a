#!/usr/bin/env bash
# Builds togglekit and installs it with its manual page and its bash, zsh and fish completions.
#
#   Scripts/install.sh [--prefix DIR] [--binary PATH] [--dry-run]
#   Scripts/install.sh --uninstall [--prefix DIR]
#
# The binary is a release build with the Swift runtime linked in (--static-swift-stdlib), so that
# it runs without the toolchain that built it. It goes to DIR/bin/togglekit; the manual page to
# DIR/share/man/man1/togglekit.1; the completions to DIR/share/bash-completion/completions/togglekit,
# DIR/share/zsh/site-functions/_togglekit and DIR/share/fish/vendor_completions.d/togglekit.fish,
# where each shell looks for them (DIR/share on XDG_DATA_DIRS, DIR/share/zsh/site-functions on
# fpath). DIR is /usr/local when it is writable (as root), else ~/.local. What was installed is
# listed in DIR/share/togglekit/installed-files, and --uninstall removes exactly those files and the
# folders the install created (DIR/share/togglekit/created-folders), when they are empty.
# --binary installs a togglekit built already instead of building one; --dry-run says what would
# be installed and touches nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { sed -n '2,15p' "$0" | cut -c3- >&2; }

prefix=""
binary=""
uninstall=false
dry_run=false
while [[ $# -gt 0 ]]; do
  case "$1" in
    -h | --help) sed -n '2,15p' "$0" | cut -c3-; exit 0 ;;
    --prefix | --binary)
      [[ $# -ge 2 && -n "$2" ]] || { echo "install.sh: $1 needs a value" >&2; usage; exit 2; }
      if [[ $1 == --prefix ]]; then prefix=$2; else binary=$2; fi
      shift 2 ;;
    --prefix=* ) prefix=${1#--prefix=}; shift ;;
    --binary=* ) binary=${1#--binary=}; shift ;;
    --uninstall) uninstall=true; shift ;;
    --dry-run) dry_run=true; shift ;;
    *) echo "install.sh: unknown argument '$1'" >&2; usage; exit 2 ;;
  esac
done

if [[ -z "$prefix" ]]; then
  if [[ -w /usr/local ]] || { [[ ! -e /usr/local ]] && [[ $(id -u) -eq 0 ]]; }; then
    prefix=/usr/local
  else
    prefix="$HOME/.local"
  fi
fi
prefix=${prefix%/}
[[ -n "$prefix" ]] || prefix=/
case "$prefix" in *$'\n'*) echo "install.sh: a prefix with a newline is refused" >&2; exit 2 ;; esac
manifest="$prefix/share/togglekit/installed-files"
folders="$prefix/share/togglekit/created-folders"

if $uninstall; then
  [[ -f "$manifest" ]] || {
    echo "install.sh: nothing to uninstall: no $manifest (was togglekit installed under $prefix?)" >&2
    exit 1
  }
  while IFS= read -r file; do
    [[ -n "$file" ]] || continue
    if $dry_run; then echo "would remove $file"; continue; fi
    rm -f -- "$file" && echo "removed $file"
  done <"$manifest"
  if ! $dry_run; then
    rm -f -- "$manifest"
    echo "removed $manifest"
    created=()
    if [[ -f "$folders" ]]; then mapfile -t created <"$folders"; fi
    rm -f -- "$folders"
    rmdir -- "$prefix/share/togglekit" 2>/dev/null || true
    # The deepest first; a folder that holds something else now stays.
    for ((index = ${#created[@]} - 1; index >= 0; index--)); do
      [[ -n "${created[$index]}" ]] && rmdir -- "${created[$index]}" 2>/dev/null || true
    done
  fi
  exit 0
fi

if [[ -z "$binary" ]]; then
  flags=(-c release --product togglekit)
  # The runtime linked in where the toolchain ships it static (Linux: swift_static).
  resources=$(dirname "$(dirname "$(command -v swift)")")/lib/swift_static
  if [[ $(uname -s) == Linux && -d "$resources" ]]; then
    flags+=(--static-swift-stdlib)
  else
    echo "install.sh: warning: this toolchain has no static Swift runtime; the binary needs" \
      "the toolchain's libraries where they are now" >&2
  fi
  echo "building: swift build ${flags[*]}"
  if $dry_run; then
    binary="$(swift build "${flags[@]}" --show-bin-path)/togglekit"
  else
    swift build "${flags[@]}" >&2
    binary="$(swift build "${flags[@]}" --show-bin-path)/togglekit"
  fi
fi
if ! $dry_run && [[ ! -x "$binary" ]]; then
  echo "install.sh: no executable togglekit at '$binary'" >&2
  exit 1
fi
if ! $dry_run && command -v ldd >/dev/null 2>&1 && ldd "$binary" 2>/dev/null | grep -q 'libswiftCore'; then
  echo "install.sh: warning: $binary links the Swift runtime from" \
    "$(ldd "$binary" | sed -n 's/.*libswiftCore[^ ]* => \([^ ]*\)\/[^/]* .*/\1/p' | head -1):" \
    "it runs only while that toolchain stays there" >&2
fi

# Where each piece goes, and how it is made.
targets=(
  "$prefix/bin/togglekit"
  "$prefix/share/man/man1/togglekit.1"
  "$prefix/share/bash-completion/completions/togglekit"
  "$prefix/share/zsh/site-functions/_togglekit"
  "$prefix/share/fish/vendor_completions.d/togglekit.fish"
)
if $dry_run; then
  printf 'would install %s\n' "${targets[@]}" "$manifest"
  exit 0
fi

# Everything is made before anything is installed: a failure leaves the prefix as it was.
staging=$(mktemp -d)
trap 'rm -rf -- "$staging"' EXIT
cp -- "$binary" "$staging/togglekit"
"$binary" man >"$staging/togglekit.1"
"$binary" completion bash >"$staging/bash"
"$binary" completion zsh >"$staging/zsh"
"$binary" completion fish >"$staging/fish"
sources=("$staging/togglekit" "$staging/togglekit.1" "$staging/bash" "$staging/zsh" "$staging/fish")
modes=(755 644 644 644 644)

# The folders made here, each after its parent: --uninstall removes them again when empty.
: >"$staging/folders"
make_folder() {
  local missing=() folder=$1
  while [[ ! -d "$folder" ]]; do
    missing=("$folder" ${missing[@]+"${missing[@]}"})
    folder=$(dirname "$folder")
  done
  for folder in ${missing[@]+"${missing[@]}"}; do
    mkdir -- "$folder"
    printf '%s\n' "$folder" >>"$staging/folders"
  done
}
[[ -f "$folders" ]] && cat -- "$folders" >>"$staging/folders"
make_folder "$(dirname "$manifest")"
: >"$manifest.new"
for index in "${!targets[@]}"; do
  target=${targets[$index]}
  make_folder "$(dirname "$target")"
  # Written beside, then renamed: a running togglekit keeps its file; no half-written one shows.
  cp -- "${sources[$index]}" "$target.new"
  chmod "${modes[$index]}" "$target.new"
  mv -f -- "$target.new" "$target"
  printf '%s\n' "$target" >>"$manifest.new"
  echo "installed $target"
done
mv -f -- "$manifest.new" "$manifest"
awk '!seen[$0]++' "$staging/folders" >"$folders"

case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "note: $prefix/bin is not on PATH; add it: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
echo "uninstall with: Scripts/install.sh --uninstall --prefix $prefix"
