package main

import (
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// decodeKey reads a key argument: hex (optionally 0x-prefixed, spaces
// allowed) or FoundationDB's printable form. In auto mode, text made only
// of hex digits and spaces, an even number of digits, is hex; anything
// else is printable. Use -input printable for a printable key such as
// "cafe" that looks like hex.
func decodeKey(s, mode string) ([]byte, error) {
	switch mode {
	case "hex":
		return decodeHex(s)
	case "printable":
		return decodePrintable(s)
	}
	if looksHex(s) {
		return decodeHex(s)
	}
	return decodePrintable(s)
}

func looksHex(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	digits := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ':
		case c >= '0' && c <= '9', c >= 'a' && c <= 'f', c >= 'A' && c <= 'F':
			digits++
		default:
			return false
		}
	}
	return digits > 0 && digits%2 == 0
}

func decodeHex(s string) ([]byte, error) {
	t := strings.ReplaceAll(strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X"), " ", "")
	b, err := hex.DecodeString(t)
	if err != nil {
		return nil, fmt.Errorf("key is not hex: %v", err)
	}
	return b, nil
}

func decodePrintable(s string) ([]byte, error) {
	b, err := tuple.ParsePrintable(s)
	if err != nil {
		return nil, fmt.Errorf("key is not hex or printable: %w", err)
	}
	return b, nil
}

// formatKey prints a key as hex, printable or raw bytes.
func formatKey(b []byte, format string) string {
	switch format {
	case "printable":
		return tuple.Printable(b)
	case "raw":
		return string(b)
	}
	return hex.EncodeToString(b)
}
