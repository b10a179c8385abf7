#!/usr/bin/env bash
# Prints the code size of the decoder, encoder and validator on each core at
# -Os and -O2 (and on the host), and writes the table to docs/size.md.
#
#   bash tools/size-report.sh            # builds what it needs first
#
# Sizes come from the size probes in test/size (one extern "C" entry point per
# operation, compiled with -ffunction-sections): the size of each function's
# code as the linker would keep it, plus the shared 64-byte lead table.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
bash tools/setup-deps.sh

boards=(microbit mps2-an385 mps2-an386 mps2-an500 mps2-an505)
declare -A core=([microbit]="Cortex-M0+" [mps2-an385]="Cortex-M3" [mps2-an386]="Cortex-M4F"
                 [mps2-an500]="Cortex-M7" [mps2-an505]="Cortex-M33" [host]="x86-64 (host g++)")
functions=(size_decoder_push_byte size_decoder_push_span size_decoder_push_span_inlined size_decoder_finish
           size_validate size_count_code_points size_encode size_writer_put size_utf8_to_utf32 size_utf16_to_utf8)

for preset in "${boards[@]}" host; do
  if [ ! -f "build/$preset/build.ninja" ]; then
    cmake --preset "$preset" >/dev/null
  fi
  cmake --build "build/$preset" --target size_probe_Os size_probe_O2 >/dev/null
done

# Sum of the sizes of a function's own symbols (code, including any local
# clones GCC made of it) in one object file.
function_size() {  # nm-tool object function
  "$1" -S --defined-only "$2" | awk -v f="$3" '
    { name = $4; if (name == f || index(name, f ".") == 1) total += strtonum("0x" $2) }
    END { print total + 0 }'
}

out=docs/size.md
{
  echo "# Code size"
  echo
  echo "Bytes of code per operation, measured by \`bash tools/size-report.sh\` on"
  echo "$(date -u +%Y-%m-%d) with $(arm-none-eabi-g++ --version | head -n1) and $(g++ --version | head -n1)."
  echo "Each figure is one \`extern \"C\"\` entry point of test/size/size_probe.cpp"
  echo "with everything the compiler inlined into it. All decoders share one"
  echo "64-byte lead table (read-only data, counted once, not in these figures)."
  echo "The decoder's state is 4 bytes of RAM; it has no other RAM."
  echo
  for level in Os O2; do
    echo "## -$level"
    echo
    header="| operation |"
    rule="|---|"
    for preset in "${boards[@]}" host; do header="$header ${core[$preset]} |"; rule="$rule---:|"; done
    echo "$header"
    echo "$rule"
    for f in "${functions[@]}"; do
      row="| \`${f#size_}\` |"
      for preset in "${boards[@]}" host; do
        nm_tool=arm-none-eabi-nm
        [ "$preset" = host ] && nm_tool=nm
        obj=$(find "build/$preset/test/size/CMakeFiles/size_probe_$level.dir" -name 'size_probe.cpp.o*' | head -n1)
        row="$row $(function_size "$nm_tool" "$obj" "$f") |"
      done
      echo "$row"
    done
    echo
  done
  echo "Regenerate with \`bash tools/size-report.sh\`."
} > "$out"
cat "$out"
