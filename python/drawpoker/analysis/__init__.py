"""Analysis with no table: hands evaluated and ranked, draws and their outcomes, equity
between hands and ranges, the five-card draw tips and video poker. The engine above uses it;
it uses nothing of the engine. Its public names are also :mod:`drawpoker`'s own.

>>> from drawpoker.analysis.evaluation import describe, evaluate
>>> describe(evaluate("As Ks Qs Js Ts"))
'Royal flush'
"""
