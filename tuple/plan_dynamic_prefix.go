package tuple

// AppendPrefix is Plan.AppendPrefix; v is a pointer to a value of the
// plan's type.
func (p *DynamicPlan) AppendPrefix(dst []byte, v any, through string) ([]byte, error) {
	n, err := p.prefixFields(through)
	if err != nil {
		return dst, err
	}
	rv, err := p.target(v)
	if err != nil {
		return dst, err
	}
	return p.appendValueFields(dst, rv, n)
}

// Range is Plan.Range; v is a pointer to a value of the plan's type.
func (p *DynamicPlan) Range(v any, through string) (begin, end []byte, err error) {
	if p.layout.optFrom < len(p.layout.fields) {
		rv, err := p.target(v)
		if err != nil {
			return nil, nil, err
		}
		key, err := p.AppendPrefix(nil, v, through)
		return p.rangeThrough(key, err, rv, through)
	}
	return rangeOfPrefix(p.AppendPrefix(nil, v, through))
}

// Fields is Plan.Fields: the names AppendPrefix, Range and Between take.
func (p *DynamicPlan) Fields() []string { return p.fieldNames() }
