#!/usr/bin/env bash
# Installs the build into a temporary prefix and uses it as an outside project would: every
# public header compiles alone, a CMake project finds sudokucam::vision and reads the sample
# photo, one finds sudokucam::solver alone (without OpenCV) and solves what was read, and a
# pkg-config build reads the photo too, as does the installed Python module. The readings must
# match the sample's ground truth.
# Usage: run-install-test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(realpath "$1")
source=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >/dev/null
echo "installed into $prefix"

# The installed headers are the public API, and each compiles on its own.
headers=$(cd "$prefix/include/sudokucam" && find . -name '*.h' | sort)
echo "$headers" | grep -q 'vision/reading/ReadSudoku.h' || fail "ReadSudoku.h not installed"
echo "$headers" | grep -q 'techniques/' && fail "a technique's private header was installed"
# OpenCV's headers as system headers (as its CMake targets give them): only ours must be clean.
opencv_includes=$(pkg-config --cflags-only-I opencv4 | sed 's/-I/-isystem /g')
for header in $headers; do
    echo "#include \"${header#./}\"" |
        g++ -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I"$prefix/include/sudokucam" \
            $opencv_includes -x c++ - || fail "$header does not compile alone"
done
echo "$(echo "$headers" | wc -l) public headers, each compiles alone"

# The installed program loads its camera and video module from the installed tree (app/VideoIo.h),
# not from the build tree it would fall back to: glibc names each file it loads.
loaded=$(cd "$work" && LD_DEBUG=files "$prefix/bin/sudokucam" render --video "$work/two.avi" \
    --frames 2 2>&1 >/dev/null | grep -o 'file=[^ ]*libsudokucam_video_io\.so' | head -n 1)
[[ $loaded == "file=$prefix/"* ]] || fail "the installed program loaded its video module as '$loaded'"
echo "sudokucam render --video: the video module ${loaded#"file=$prefix/"} loaded from the install"

# The sample's printed digits, as 81 characters, from its ground truth file.
truth=$(tail -n 9 "$source/samples/newspaper.dat" | tr -d ' \n' | tr 0 .)
photo=$source/samples/newspaper.jpg
# The installed model, not the source tree's.
export SUDOKUCAM_MODELS=$prefix/share/sudokucam/models
[[ -f $SUDOKUCAM_MODELS/digits.onnx ]] || fail "the model was not installed"

configure_and_build() {  # project folder, build folder
    cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" \
        >"$2.log" 2>&1 || { cat "$2.log"; fail "configuring $1"; }
    cmake --build "$2" >>"$2.log" 2>&1 || { cat "$2.log"; fail "building $1"; }
}

configure_and_build "$source/tests/install/consumer" "$work/consumer"
read -r status givens solution < <("$work/consumer/read_photo" "$photo")
[[ $status == solved ]] || fail "read_photo: $status"
[[ $givens == "$truth" ]] || fail "read_photo read $givens, the truth is $truth"
echo "find_package(sudokucam) + sudokucam::vision: read the sample, $status, givens right"

configure_and_build "$source/tests/install/solver-only" "$work/solver-only"
read -r solved level < <("$work/solver-only/solve_puzzle" "$givens")
[[ $solved == "$solution" ]] || fail "solve_puzzle gave $solved, the reading's solution is $solution"
echo "find_package(sudokucam COMPONENTS solver) + sudokucam::solver: same solution, graded $level"

pc_dir=$(dirname "$(find "$prefix" -name sudokucam.pc)")
# shellcheck disable=SC2046  # pkg-config's output is a list of flags
# OpenCV 4.6 mixes enums in its headers, which C++20 deprecates: its warning, not ours.
g++ -O1 -Wno-deprecated-enum-enum-conversion "$source/tests/install/consumer/read_photo.cpp" -o "$work/read_photo_pc" \
    $(PKG_CONFIG_PATH=$pc_dir pkg-config --cflags --libs sudokucam) || fail "pkg-config build"
read -r status givens _ < <("$work/read_photo_pc" "$photo")
[[ $status == solved && $givens == "$truth" ]] || fail "the pkg-config build read $status $givens"
echo "pkg-config sudokucam: read the sample, $status, givens right"

# The Python module, where the install put it (when it is built), reads the sample too.
module=$(find "$prefix" -name 'sudokucam*.so' -path '*dist-packages*' | head -n 1)
if [[ -n $module ]]; then
    read -r status givens < <(cd "$work" && PYTHONPATH=$(dirname "$module") /usr/bin/python3 -c \
        'import sudokucam, sys; r = sudokucam.read(sys.argv[1]); print(r["status"], r["givens"])' \
        "$photo")
    [[ $status == solved && $givens == "$truth" ]] || fail "the installed Python module read $status $givens"
    echo "python3 -c 'import sudokucam' from $(dirname "${module#"$prefix"/}"): read the sample, $status, givens right"
fi
