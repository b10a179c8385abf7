// An object whose symbol sizes are the sizes of the state objects, so that
// bench/tools/size_budget.sh can read sizeof(Decoder) for the target with
// readelf, without running anything.

#include "utf8mcu/decoder.h"

extern "C" {
extern const unsigned char utf8mcu_sizeof_decoder[sizeof(utf8mcu::Decoder)];
const unsigned char utf8mcu_sizeof_decoder[sizeof(utf8mcu::Decoder)] = {};
}
