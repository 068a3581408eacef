// libxml2, the differential oracle of the GPXWellFormed fuzz target (Debian: libxml2-dev).
#include <libxml/parser.h>
