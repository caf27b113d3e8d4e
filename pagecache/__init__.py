"""The page cache app: HTTP caching of the public pages (:mod:`pagecache.httpcache`: content
versions, the per-process page store, ETag/304, compression) and the file cache backend with an
atomic ``add`` (:mod:`pagecache.filecache`). It imports no other app of the project; the apps
that own content tell it which game a path belongs to, and add to the lower apps' pages, through
named hooks (:mod:`pagecache.hooks`)."""
