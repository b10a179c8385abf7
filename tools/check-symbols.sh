#!/usr/bin/env bash
# Fails if firmware pulls in heap, exception, RTTI, stdio or exit machinery.
#
#   tools/check-symbols.sh [-a REGEX]... <file>...
#
# Files are linked ELF images, object files or archives (arm-none-eabi-nm reads
# them; NM=... overrides the tool).
#
# Forbidden, whether defined or referenced (the full list is FORBIDDEN below):
#   heap: malloc calloc realloc free memalign aligned_alloc sbrk (+ _r variants),
#     operator new/delete (_Znw* _Zna* _Zdl* _Zda*)
#   exceptions/unwinding: __cxa_* (throw, allocate_exception, begin_catch, guard_*,
#     atexit, pure_virtual, ...), __gxx_personality_*, __aeabi_unwind_cpp_pr*,
#     _Unwind_*, __gnu_unwind_*, std::terminate, std::__throw_*
#   RTTI and vtables: _ZTI* (typeinfo), _ZTS* (typeinfo name), _ZTV* (vtable),
#     _ZTT*, _ZTC*, __cxxabiv1 classes
#   static destructors: __aeabi_atexit, __dso_handle
#   process exit: abort exit _exit _Exit atexit quick_exit __assert_func __assert
#   stdio and libc state: printf/puts/fwrite/... families, iostreams, __errno,
#     errno, _impure_ptr, __sinit, stdin/stdout/stderr, newlib syscalls (_write,
#     _sbrk, _kill, ...), setjmp/longjmp, signal/raise
#
# Undefined symbols:
#   linked image (ELF type EXEC): none at all, weak ones included.
#   objects and archives: only symbols defined by another of the given files, or
#   in this allow-list (plus -a REGEX, an anchored extended regex, per use):
#     memcpy memmove memset memcmp
#     __aeabi_*            (ARM run-time ABI helpers: division, long shifts,
#                           floating point, memcpy variants)
#     __gnu_thumb1_case_*  (Thumb-1 switch tables on Cortex-M0/M0+)
#     libgcc integer helpers: __clz?i2 __ctz?i2 __ffs?i2 __popcount?i2
#       __parity?i2 __bswap?i2 __ashl?i3 __ashr?i3 __lshr?i3 __mul?i3 __neg?i2
#       __cmp?i2 __ucmp?i2 __(u)div?i3 __(u)mod?i3 __(u)divmod?i4 (? = s, d, t)
#     libgcc float helpers with GNU names: __(add|sub|mul|div|neg|cmp|eq|ne|lt|
#       le|gt|ge|unord)[sd]f[23], __fix(uns)?[sd]f[sd]i, __float(un)?[sd]i[sd]f,
#       __extendsfdf2, __truncdfsf2, __gnu_f2h_*, __gnu_h2f_*
set -uo pipefail

NM=${NM:-arm-none-eabi-nm}
READELF=${READELF:-arm-none-eabi-readelf}
CXXFILT=${CXXFILT:-arm-none-eabi-c++filt}

usage() {
  echo "usage: $0 [-a REGEX]... <elf|object|archive>..." >&2
  exit 2
}

extra_allowed=()
while getopts "a:h" opt; do
  case $opt in
    a) extra_allowed+=("$OPTARG") ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -ge 1 ]] || usage

for tool in "$NM" "$READELF"; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "check-symbols: $tool not found (run tools/setup-deps.sh)" >&2
    exit 2
  fi
done
command -v "$CXXFILT" >/dev/null 2>&1 || CXXFILT=cat

# "regex<TAB>what": anchored extended regexes over raw (mangled) names.
FORBIDDEN=$(cat <<'EOF'
^_?(malloc|calloc|realloc|reallocf|free|cfree|memalign|aligned_alloc|posix_memalign|valloc|pvalloc|malloc_usable_size)(_r)?$	heap allocation
^_?(sbrk|_sbrk|_sbrk_r|__malloc_lock|__malloc_unlock)$	heap allocation
^_Z(nw|na|dl|da)	operator new/delete
^__cxa_	C++ ABI runtime (exceptions, guards, atexit, pure virtual)
^(__aeabi_atexit|__dso_handle)$	static destructor registration (atexit)
^__gxx_personality	exception personality routine
^__aeabi_unwind_cpp_pr	exception unwinding (personality)
^_Unwind_	exception unwinding
^__gnu_(unwind|Unwind)_	exception unwinding
^_ZSt9terminate|^_ZSt10unexpected|^_ZSt13set_terminate	std::terminate
^_ZSt[0-9]+__throw_	std::__throw_* (exception thrown by the standard library)
^_ZN9__gnu_cxx27__verbose_terminate_handler	verbose terminate handler
^_ZT[ISVTC]	RTTI typeinfo or vtable
^_ZN10__cxxabiv1	RTTI classes
^_ZNSt9type_info|^_ZNKSt9type_info	RTTI std::type_info
^(abort|exit|_exit|_Exit|atexit|at_quick_exit|quick_exit|__assert_func|__assert|__assert_fail)$	process exit / assert
^_?(printf|fprintf|sprintf|snprintf|asprintf|dprintf|vprintf|vfprintf|vsprintf|vsnprintf|vasprintf|vdprintf)(_r)?$	printf family
^_?(iprintf|fiprintf|siprintf|sniprintf|asiprintf|viprintf|vfiprintf|vsiprintf|vsniprintf|vasiprintf)(_r)?$	printf family
^_?(_svfprintf|_svfiprintf|_vfprintf|_vfiprintf)(_r)?$	printf family
^_?(scanf|fscanf|sscanf|vscanf|vfscanf|vsscanf|iscanf|siscanf)(_r)?$	scanf family
^_?(puts|fputs|putchar|fputc|putc|fwrite|fread|fopen|fclose|fflush|fseek|ftell|getchar|getc|fgetc|gets|fgets|perror|setvbuf|ungetc)(_r)?$	stdio
^(__sinit|__sfp|__swsetup_r|__smakebuf_r|__sflush_r|__srefill_r|_fwalk|_fwalk_reent|_cleanup_r)$	stdio internals
^(stdin|stdout|stderr|__sF|_impure_ptr|_global_impure_ptr|_reent|__errno|__errno_location|errno)$	libc global state / errno
^_ZNSt8ios_base|^_ZSt4(cout|cerr|clog|cin)|^_ZNSo|^_ZNSi	iostreams
^_?(write|read|open|close|lseek|fstat|stat|isatty|kill|getpid|gettimeofday|times|unlink|link|wait|fork|execve)(_r)?$	newlib system calls
^_?(setjmp|longjmp|sigsetjmp|siglongjmp|signal|raise)$	setjmp/signals
EOF
)

ALLOWED_UNDEFINED=(
  '^(memcpy|memmove|memset|memcmp)$'
  '^__aeabi_'
  '^__gnu_thumb1_case_'
  '^__(clz|ctz|ffs|popcount|parity|bswap)[sdt]i2$'
  '^__(ashl|ashr|lshr|mul)[sdt]i3$'
  '^__(neg|cmp|ucmp)[sdt]i2$'
  '^__u?(div|mod)[sdt]i3$'
  '^__u?divmod[sdt]i4$'
  '^__(add|sub|mul|div|neg|cmp|eq|ne|lt|le|gt|ge|unord)[sd]f[23]$'
  '^__fix(uns)?[sd]f[sdt]i$'
  '^__float(un)?[sdt]i[sd]f$'
  '^__(extendsfdf2|truncdfsf2)$'
  '^__gnu_(f2h|h2f)_'
)
ALLOWED_UNDEFINED+=("${extra_allowed[@]}")

# Tab-separated "regex<TAB>what" lines to two arrays.
forbidden_re=()
forbidden_what=()
while IFS=$'\t' read -r re what; do
  [[ -n "$re" ]] || continue
  forbidden_re+=("$re")
  forbidden_what+=("$what")
done <<<"$FORBIDDEN"

failures=0
report() {
  echo "check-symbols: FAIL $1" >&2
  failures=$((failures + 1))
}

demangle() { echo "$1" | "$CXXFILT"; }

# Prints "name<TAB>kind" (kind U or D) for every symbol of a file; archives
# give the union of their members.
symbols() {
  "$NM" -P "$1" 2>/dev/null | awk '
    NF >= 2 && $1 !~ /:$/ && $1 !~ /^\[/ {
      t = $2
      if (t == "U" || t == "w" || t == "v") print $1 "\tU"
      else if (t != "N" && t != "n" && t != "a" && t != "?") print $1 "\tD"
    }' | sort -u
}

all_defined=$(mktemp)
trap 'rm -f "$all_defined"' EXIT

declare -A kinds
for file in "$@"; do
  if [[ ! -f "$file" ]]; then
    report "$file: no such file"
    continue
  fi
  if ! "$NM" -P "$file" >/dev/null 2>&1; then
    report "$file: $NM cannot read it"
    continue
  fi
  if [[ "$(head -c 7 "$file")" == '!<arch>' ]]; then
    kinds[$file]=objects
  elif "$READELF" -h "$file" 2>/dev/null | grep -q 'Type:[[:space:]]*EXEC'; then
    kinds[$file]=image
  else
    kinds[$file]=objects
  fi
  symbols "$file" | awk -F'\t' '$2 == "D" { print $1 }' >>"$all_defined"
done
sort -u -o "$all_defined" "$all_defined"

for file in "$@"; do
  [[ -n "${kinds[$file]:-}" ]] || continue
  file_failures=$failures
  while IFS=$'\t' read -r name kind; do
    [[ -n "$name" ]] || continue
    forbidden=0
    for i in "${!forbidden_re[@]}"; do
      if [[ "$name" =~ ${forbidden_re[$i]} ]]; then
        verb=defines
        [[ "$kind" == U ]] && verb=references
        report "$file $verb $(demangle "$name") [$name]: ${forbidden_what[$i]}"
        forbidden=1
        break
      fi
    done
    [[ $forbidden == 0 && "$kind" == U ]] || continue
    if [[ "${kinds[$file]}" == image ]]; then
      report "$file: undefined symbol in a linked image: $(demangle "$name") [$name]"
      continue
    fi
    grep -qxF -- "$name" "$all_defined" && continue
    allowed=0
    for re in "${ALLOWED_UNDEFINED[@]}"; do
      if [[ "$name" =~ $re ]]; then
        allowed=1
        break
      fi
    done
    [[ $allowed == 1 ]] || report "$file references $(demangle "$name") [$name], which is not in the allow-list"
  done < <(symbols "$file")
  if [[ $failures -eq $file_failures ]]; then
    echo "check-symbols: ok $file (${kinds[$file]})"
  fi
done

if [[ $failures -ne 0 ]]; then
  echo "check-symbols: $failures problem(s) found" >&2
  exit 1
fi
exit 0
