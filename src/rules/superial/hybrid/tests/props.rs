mod props {}
