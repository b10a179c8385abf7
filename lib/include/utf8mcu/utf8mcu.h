#pragma once
/// @file
/// Everything in utf8mcu. Each header also stands on its own.

#include "utf8mcu/boundary.h"
#include "utf8mcu/cesu8.h"
#include "utf8mcu/common.h"
#include "utf8mcu/decoder.h"
#include "utf8mcu/encoder.h"
#include "utf8mcu/iterator.h"
#include "utf8mcu/legacy_fallback.h"
#include "utf8mcu/noncharacters.h"
#include "utf8mcu/transcode.h"
#include "utf8mcu/validate.h"
