int x @ 3;
int y = `;
int z = \;
