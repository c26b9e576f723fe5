def check_aic(pos, q): return None
def check_grouped_aic(pos, q): return None
def check_xy_chain(pos, q): return None
