#!/usr/bin/env bash
# Prints the code size of the decoder, encoder and validator on each core at
# -Os and -O2 (and on the host), per operation and as text/data/bss, and
# writes the tables to docs/size.md.
#
#   bash tools/size-report.sh            # builds what it needs first
#
# Sizes come from the size probes in test/size (one extern "C" entry point per
# operation, compiled with -ffunction-sections): the size of each function's
# code as the linker would keep it, plus the shared 40-byte lead table.
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

# "function code data" lines for every probe of one object: the code of the
# entry point and of everything it calls, and the tables they use.
sizes_of() {  # preset level
  local objdump=arm-none-eabi-objdump nm_tool=arm-none-eabi-nm obj
  if [ "$1" = host ]; then objdump=objdump; nm_tool=nm; fi
  obj=$(find "build/$1/test/size/CMakeFiles/size_probe_$2.dir" -name 'size_probe.cpp.o*' | head -n1)
  python3 tools/code_size.py "$objdump" "$nm_tool" "$obj" "${functions[@]}"
}

out=docs/size.md
{
  echo "# Code size"
  echo
  echo "Bytes of code per operation, measured by \`bash tools/size-report.sh\` on"
  echo "$(date -u +%Y-%m-%d) with $(arm-none-eabi-g++ --version | head -n1) and $(g++ --version | head -n1)."
  echo "Each figure is the code of one \`extern \"C\"\` entry point of"
  echo "test/size/size_probe.cpp plus every function it calls (each counted once)."
  echo "Read-only tables are not included: the decoders share one 40-byte"
  echo "lead-byte table."
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
    declare -A cell=()
    for preset in "${boards[@]}" host; do
      while read -r f code data; do cell[$preset/$f]="$code"; tables=$data; done < <(sizes_of "$preset" "$level")
    done
    for f in "${functions[@]}"; do
      row="| \`${f#size_}\` |"
      for preset in "${boards[@]}" host; do row="$row ${cell[$preset/$f]} |"; done
      echo "$row"
    done
    echo
  done
  echo "## Sections of the probe object (all operations together)"
  echo
  echo "| core | level | text | data | bss |"
  echo "|---|---|---:|---:|---:|"
  for preset in "${boards[@]}" host; do
    size_tool=arm-none-eabi-size
    [ "$preset" = host ] && size_tool=size
    for level in Os O2; do
      obj=$(find "build/$preset/test/size/CMakeFiles/size_probe_$level.dir" -name 'size_probe.cpp.o*' | head -n1)
      read -r text data bss _ < <("$size_tool" "$obj" | tail -n1)
      echo "| ${core[$preset]} | -$level | $text | $data | $bss |"
    done
  done
  echo
  echo "Regenerate with \`bash tools/size-report.sh\`."
} > "$out"
cat "$out"
