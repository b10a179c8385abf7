/* Where a consumer program's one line of output goes: stdout on the host,
 * semihosting on a QEMU board. */
#ifndef UTF8MCU_CONSUMER_H
#define UTF8MCU_CONSUMER_H

#ifdef __cplusplus
extern "C" {
#endif

void consumer_print(const char* line);

#ifdef __cplusplus
}
#endif

#endif
