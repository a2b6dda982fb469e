/* output.h: writing cilkc's output file without ever losing data. */
#ifndef CILKC_OUTPUT_H
#define CILKC_OUTPUT_H

#include "buf.h"
#include "diag.h"

/* Report an error if the existing file output is the file input (same
 * device and inode, so through links too), as cc does. */
void output_check_not_input(const char *output, const char *input, Diag *d);

/* Write b to output ("-" or NULL: stdout). A regular file (or a new one)
 * is written to a temporary file in its directory and renamed into place,
 * so a failed write leaves the old file as it was; anything else that
 * exists (a device, a FIFO) is written in place and never removed. */
void output_write(const char *output, const Buf *b, Diag *d);

#endif
