# Ten entries of KNOWN_CHANGES from luceneutil's src/python/notation.py (mikemccand/luceneutil),
# in both of the forms the file has had: the older single-quoted one and the newer black-formatted
# one. Kept as data for KnownChangesTest and AnnotationApiTests.
KNOWN_CHANGES = [
  (
    "2011-04-25",
    "Switched to 240 GB OCZ Vertex III",
    """
   Switched from a traditional spinning-magnets hard drive (Western Digital Caviar Green, 1TB) to a 240 GB <a href="http://www.ocztechnology.com/ocz-vertex-3-sata-iii-2-5-ssd.html">OCZ Vertex III SSD</a>; this change gave a small increase in indexing rate, drastically reduced variance on the NRT reopen time (NRT is IO intensive), and didn't affect query performance (which is expected since the postings are small enough to fit into the OS's IO cache.
   """,
  ),
  (
    "2011-05-02",
    "LUCENE-3023: concurrent flushing (DocWriterPerThread)",
    """
   Concurrent flushing, a major improvement to Lucene, was committed.  See <a href="http://blog.mikemccandless.com/2011/05/265-indexing-speedup-with-lucenes.html">this post</a> for details.

   <p> Some queries did get slower, because the index now has more segments.""",
  ),
    ('2012-06-02',
     'Re-enable Java\'s compressed OOPS',
     'Re-enable Java\'s compressed OOPS'),
  ("2015-03-02", "LUCENE-6320: Speed up CheckIndex", '<a href="https://issues.apache.org/jira/browse/LUCENE-6320">LUCENE-6320: Speed up CheckIndex</a>'),
  ("2015-10-05", "Randomize what time of day benchmark runs", "Randomize what time of day benchmark runs"),
  ("2020-12-09 10:00:13", "Add KNN vectors to indexing metrics", "Add KNN vectors to indexing metrics",),
  ("2021-11-29 ", "Stop passing -release to ecj since it makes it quite a bit slower", "Stop passing -release to ecj since it makes it quite a bit slower"),
  ("2022-01-26 18:03:08", "LUCENE-10054: Make HnswGraph hierarchical", "LUCENE-10054: Make HnswGraph hierarchical"),
  ("2024-07-31",
    "Move to 2 levels of skip data, inlined in postings lists https://github.com/apache/lucene/pull/13585",
    "Move to 2 levels of skip data, inlined in postings lists https://github.com/apache/lucene/pull/13585",
  ),
  (
    "2025-05-01",
    "Kernel upgrade from 6.12.4 -> 6.14.4, which including changing HZ (how many time slices per sec the Linux scheduler creates) from 300 (Arch Linux) to 1000, likely the cause of our slowdown",
    "Kernel upgrade from 6.12.4 -> 6.14.4, which including changing HZ (how many time slices per sec the Linux scheduler creates) from 300 (Arch Linux) to 1000, likely the cause of our slowdown",
  ),
]
