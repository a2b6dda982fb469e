/* plain_names.h: a C header, where Cilk's words are names (manual,
 * "Keywords"): it must read the same under cilkc. */
#ifndef PLAIN_NAMES_H
#define PLAIN_NAMES_H

struct words {
    int inlet, shared, private, SYNCHED;
};

static inline int sum_words(struct words w)
{
    int abort = w.inlet + w.shared;
    return abort + w.private + w.SYNCHED;
}

#endif
