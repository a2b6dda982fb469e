/* fuzz: an error inside a struct body in a parameter list dropped the
 * function's open declaration (heap overflow in fn_begin) */
int s(struct { e }) { return 0; }
int t(int);
