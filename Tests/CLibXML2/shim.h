// libxml2 built with ICU names ICU's headers from its own; Foundation brings another ICU's,
// and the two cannot meet in one Swift module. Nothing here converts encodings (pages are
// UTF-8), so the ICU part is left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/xpath.h>

/// xmlFree is a global function pointer, which Swift 6 will not read from any thread.
static inline void bbreport_xml_free(void *pointer) { xmlFree(pointer); }
