package tuple

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/types"
)

// codeDetail is the detail of an element whose code c the codec does not
// know. A user code is another layer's element, which the codec reads
// with an extension for it; DefaultDescCode is most likely this module's
// own descending element (a Plan's desc field, a Desc value), and the
// error names the call that reads it.
func codeDetail(c types.Code) string {
	switch {
	case c == DefaultDescCode:
		return fmt.Sprintf("%s is not a standard type code: it is the code of a descending element (a desc field, a Desc), which a Codec with DescExtension(%#02x) reads: a Plan's Codec(), or tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(%#02x)}}", c, byte(c), byte(c))
	case c >= types.CodeUserFirst && c <= types.CodeUserLast:
		return fmt.Sprintf("%s is not a standard type code: a user type's element, which a Codec with an Extension for code %#02x reads", c, byte(c))
	}
	return fmt.Sprintf("%s is not a standard type code", c)
}
