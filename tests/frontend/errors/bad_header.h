#ifndef BAD_H
#define BAD_H
struct s { int a; int b };
#endif
