package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// TestServeLogSampleConfig: the request log is sampled one in 100 with
// 100ms as the slow mark by default; SCOOP_LOG_SAMPLE and SCOOP_LOG_SLOW
// set them, and a bad value (variable or flag) is a usage error naming it.
func TestServeLogSampleConfig(t *testing.T) {
	c := defaultServeConfig()
	c.fromEnv(func(string) string { return "" })
	if c.LogSample != 100 || c.LogSlow != 100*time.Millisecond || c.Validate() != nil {
		t.Errorf("defaults: sample %d, slow %v, %v; want 100, 100ms, valid", c.LogSample, c.LogSlow, c.Validate())
	}
	env := map[string]string{"SCOOP_LOG_SAMPLE": "1", "SCOOP_LOG_SLOW": "250ms"}
	c.fromEnv(func(k string) string { return env[k] })
	if c.LogSample != 1 || c.LogSlow != 250*time.Millisecond || c.Validate() != nil {
		t.Errorf("from the environment: sample %d, slow %v, %v; want 1, 250ms, valid", c.LogSample, c.LogSlow, c.Validate())
	}
	for k, v := range map[string]string{"SCOOP_LOG_SAMPLE": "0", "SCOOP_LOG_SLOW": "soon"} {
		c := defaultServeConfig()
		c.fromEnv(func(key string) string {
			if key == k {
				return v
			}
			return ""
		})
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("%s=%s: %v, want an error naming it", k, v, err)
		}
	}
	for _, args := range [][]string{{"--log-sample", "0"}, {"--log-slow", "0s"}, {"--log-sample", "many"}} {
		var stdout, stderr bytes.Buffer
		code := Run(context.Background(), append([]string{"serve"}, args...), strings.NewReader(""), &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), strings.TrimPrefix(args[0], "--")) {
			t.Errorf("serve %v: exit %d, %q; want 2 naming the flag", args, code, stderr.String())
		}
	}
	var stdout, stderr bytes.Buffer
	if code := Run(context.Background(), []string{"serve", "--help"}, strings.NewReader(""), &stdout, &stderr); code != 0 ||
		!strings.Contains(stderr.String(), "SCOOP_LOG_SAMPLE") || !strings.Contains(stderr.String(), "SCOOP_LOG_SLOW") {
		t.Errorf("serve --help = %d, %s; want --log-sample and --log-slow listed with their variables", code, stderr.String())
	}
}
