char *s = "abc;
int y;
char c = 'x;
