// libxml2, the differential oracle of the GPXWellFormed fuzz target (Debian: libxml2-dev).
// Debian's libxml2 is built with ICU, so its encoding.h includes the system's <unicode/ucnv.h>, whose enums
// clash with the newer ICU that Foundation carries (_FoundationICU) when both meet in one Swift module. The
// oracle uses no ICU API: the version header is read first, then its ICU switch is turned off.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
