#include <stdio.h>

#include "consumer.h"

void consumer_print(const char* line) { fputs(line, stdout); }
