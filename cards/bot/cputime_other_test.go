//go:build !unix

package bot_test

import "time"

// processorTime returns 0 where the processor time is not known.
func processorTime() time.Duration { return 0 }
