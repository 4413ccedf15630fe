package postgres

// SetTestHookFinishChecked sets the hook finishImport runs after its
// check, before its transaction commits (nil removes it).
func SetTestHookFinishChecked(f func(id int64)) { testHookFinishChecked = f }
