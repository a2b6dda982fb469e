/* a line number past C's limit for #line (it wrapped) */
#line 4294967295
int x;
