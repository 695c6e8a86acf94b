package org.nightbench.benchjobs.indexing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class CorpusDateTest {

  @Test
  void readsLuceneutilDates() {
    CorpusDate d = CorpusDate.parse("03-OCT-2007 20:08:53.000");
    assertThat(d.month()).isEqualTo(10);
    assertThat(d.monthName()).isEqualTo("October");
    assertThat(d.dayOfYear()).isEqualTo(276);
    assertThat(d.secondOfDay()).isEqualTo(20 * 3600 + 8 * 60 + 53);
    assertThat(Instant.ofEpochMilli(d.epochMillis())).isEqualTo("2007-10-03T20:08:53Z");
    assertThat(CorpusDate.parse("1-jan-2012 00:00:01.5").dayOfYear()).isEqualTo(1);
  }

  @Test
  void readsIsoDatesWithAndWithoutTime() {
    CorpusDate d = CorpusDate.parse("2004-03-30");
    assertThat(Instant.ofEpochMilli(d.epochMillis())).isEqualTo("2004-03-30T00:00:00Z");
    assertThat(d.secondOfDay()).isZero();
    assertThat(d.dayOfYear()).isEqualTo(31 + 29 + 30);
    assertThat(CorpusDate.parse("2004-12-31T23:59:59Z").secondOfDay()).isEqualTo(86399);
  }

  @Test
  void rejectsWhatIsNoDay() {
    assertThat(CorpusDate.parse("")).isNull();
    assertThat(CorpusDate.parse("yesterday")).isNull();
    assertThat(CorpusDate.parse("31-FEB-2007 10:00:00.000")).isNull();
    assertThat(CorpusDate.parse("03-ANF-2007 10:00:00.000")).isNull();
    assertThat(CorpusDate.parse("2004-03-30 25:00")).isNull();
  }
}
