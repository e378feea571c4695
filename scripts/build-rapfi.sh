#!/bin/sh
# Builds Rapfi (the Gomocup champion, C++) as a strength peer for `gomoku-match`, with its
# classical pattern evaluation only (no neural network).
#
# This script fetches nothing. Before running it, get two git repositories:
#   https://github.com/dhbloo/rapfi           (the engine; tested at commit 3aedf3a)
#   https://github.com/dhbloo/rapfi-networks  (weights; tested at commit 918b757;
#                                              only classical/model220723.bin and
#                                              config-example/config.toml are used)
# Either as work trees or as bare git directories (`git clone --bare`), and install
# cmake and g++ (`apt-get install cmake g++`).
#
# Usage: scripts/build-rapfi.sh RAPFI_REPO NETWORKS_REPO OUT_DIR
#   RAPFI_REPO, NETWORKS_REPO: a work tree or a bare git directory
#   OUT_DIR: where the build goes; OUT_DIR/pbrain-rapfi is the engine to give the runner:
#   cargo run --release --bin gomoku-match -- --engine-a target/release/pbrain-tictactoe \
#       --engine-b OUT_DIR/pbrain-rapfi --size 15 --turn-ms 500
#
# Rapfi answers unknown commands with ERROR (not UNKNOWN) and loops forever after a
# malformed TURN; gomoku-match sends it neither.
set -eu

if [ $# -ne 3 ]; then
    echo "usage: $0 RAPFI_REPO NETWORKS_REPO OUT_DIR" >&2
    exit 2
fi
rapfi_repo=$1
networks_repo=$2
mkdir -p "$3"
out=$(cd "$3" && pwd)

# Copies PATH from REPO (work tree or bare git directory) into DEST.
extract() {
    repo=$1 path=$2 dest=$3
    if [ -e "$repo/$path" ]; then
        mkdir -p "$(dirname "$dest/$path")"
        cp -R "$repo/$path" "$dest/$path"
    else
        git --git-dir="$repo" archive HEAD "$path" | tar -x -C "$dest"
    fi
}

rm -rf "$out/src"
mkdir -p "$out/src"
extract "$rapfi_repo" Rapfi "$out/src"
extract "$networks_repo" classical/model220723.bin "$out"
extract "$networks_repo" config-example/config.toml "$out"

# AVX2 and BMI2 when this CPU has them, plain SSE otherwise.
simd="-DUSE_SSE=ON -DUSE_AVX2=OFF -DUSE_BMI2=OFF"
if grep -qw avx2 /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo; then
    simd="-DUSE_SSE=ON -DUSE_AVX2=ON -DUSE_BMI2=ON"
fi
# shellcheck disable=SC2086
cmake -S "$out/src/Rapfi" -B "$out/build" -DCMAKE_BUILD_TYPE=Release $simd \
    -DUSE_AVX512=OFF -DUSE_VNNI=OFF -DNO_COMMAND_MODULES=ON
cmake --build "$out/build" -j2

exe=$(find "$out/build" -maxdepth 1 -type f -perm -u+x -iname 'pbrain-rapfi*' | head -n 1)
if [ -z "$exe" ]; then
    echo "no pbrain-rapfi executable in $out/build" >&2
    exit 1
fi

# The example configuration with Windows line endings removed, the neural-network
# evaluator section dropped and the classical model named.
tr -d '\r' < "$out/config-example/config.toml" | awk -v model="$out/classical/model220723.bin" '
    /^\[/ { skip = ($0 ~ /^\[+model\.evaluator/) }
    skip { next }
    /^[ \t]*binary_file[ \t]*=/ { print "binary_file = \"" model "\""; next }
    { print }
' > "$out/config.toml"
if ! grep -q 'model220723.bin' "$out/config.toml"; then
    echo "config.toml names no classical model; check the example's [model] section" >&2
    exit 1
fi

cat > "$out/pbrain-rapfi" <<WRAP
#!/bin/sh
exec "$exe" --config "$out/config.toml" "\$@"
WRAP
chmod +x "$out/pbrain-rapfi"
echo "built $out/pbrain-rapfi"
