package dev.perflab.harness.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perflab.harness.metric.Metric;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineResultsTest {

  @TempDir
  Path dir;

  @Test
  void readsTheMeasuredLaunchesAndTheImageSizePerCell() throws Exception {
    Path file = dir.resolve("results.json");
    Files.writeString(file, """
        {"schema": "perflab-results/4",
         "environment": {"recordedAt": "2026-11-22T10:00:00Z", "gitCommit": "abc",
                         "fingerprint": {"id": "x", "fields": {"kernel": "Linux 6.1"}}},
         "cells": [
           {"cellId": "q/jvm/1cpu", "image": {"image": "perflab/q:1-jvm", "sizeBytes": 1000},
            "launches": [
              {"discarded": true, "timeToFirstOkMillis": 9000, "rssBytesAfterWarmup": 9},
              {"discarded": false, "timeToFirstOkMillis": 1000, "rssBytesAfterWarmup": 100},
              {"discarded": false, "timeToFirstOkMillis": 1100, "rssBytesAfterWarmup": 110}]},
           {"cellId": "q/native/1cpu", "unavailable": "no native-image", "launches": []}]}
        """);
    BaselineResults baseline = BaselineResults.read(file);
    assertThat(baseline.gitCommit()).isEqualTo("abc");
    assertThat(baseline.fingerprint().fields()).containsEntry("kernel", "Linux 6.1");
    assertThat(baseline.cells()).containsOnlyKeys("q/jvm/1cpu");
    BaselineResults.RecordedCell cell = baseline.cells().get("q/jvm/1cpu");
    assertThat(cell.image()).isEqualTo("perflab/q:1-jvm");
    assertThat(cell.samples().get("timeToFirstOkMillis")).containsExactly(1000.0, 1100.0);
    assertThat(cell.samples().get("rssBytesAfterWarmup")).containsExactly(100.0, 110.0);
    assertThat(cell.asSideSamples().of(Metric.IMAGE_SIZE_BYTES)).isEqualTo(List.of(1000.0));
    assertThat(cell.launched().launches()).isEqualTo(2);
    assertThat(cell.launched().recorded()).isTrue();
  }

  @Test
  void theImageIdComesFromTheLaunchesAndElseFromTheImageRecord() throws Exception {
    Path file = dir.resolve("results.json");
    Files.writeString(file, """
        {"schema": "perflab-results/6", "environment": {},
         "cells": [
           {"cellId": "new/jvm/1cpu", "image": {"image": "my/x:1", "id": "sha256:record"},
            "launches": [{"discarded": false, "timeToFirstOkMillis": 1000, "imageId": "sha256:launched"}]},
           {"cellId": "old/jvm/1cpu", "image": {"image": "my/x:1", "id": "sha256:record"},
            "launches": [{"discarded": false, "timeToFirstOkMillis": 1000}]}]}
        """);
    BaselineResults baseline = BaselineResults.read(file);
    assertThat(baseline.cells().get("new/jvm/1cpu").imageId()).isEqualTo("sha256:launched");
    assertThat(baseline.cells().get("old/jvm/1cpu").imageId()).isEqualTo("sha256:record");
  }

  @Test
  void aCellWhoseLaunchesRanTwoImagesIsRefused() throws Exception {
    Path file = dir.resolve("results.json");
    Files.writeString(file, """
        {"schema": "perflab-results/6", "environment": {},
         "cells": [{"cellId": "q/jvm/1cpu", "image": {"image": "my/x:1"}, "launches": [
           {"discarded": false, "timeToFirstOkMillis": 1000, "imageId": "sha256:one"},
           {"discarded": false, "timeToFirstOkMillis": 1000, "imageId": "sha256:two"}]}]}
        """);
    assertThatThrownBy(() -> BaselineResults.read(file)).hasMessageContaining("q/jvm/1cpu")
        .hasMessageContaining("2 different images");
  }

  @Test
  void aFileThatIsNotPerflabResultsIsNamed() throws Exception {
    Path file = dir.resolve("other.json");
    Files.writeString(file, "{\"schema\": \"something-else\"}");
    assertThatThrownBy(() -> BaselineResults.read(file)).hasMessageContaining(file.toString())
        .hasMessageContaining("schema").hasMessageContaining("something-else");
  }
}
